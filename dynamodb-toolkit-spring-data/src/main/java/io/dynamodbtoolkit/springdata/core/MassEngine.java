package io.dynamodbtoolkit.springdata.core;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.AsyncMassOperations;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassScope;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The core's mass operations a template's subtree operations run, on either client: the blocking
 * {@link MassOperations} ({@code R} a {@link MassResult}) or the asynchronous {@link AsyncMassOperations}
 * ({@code R} a future of it), so that {@link SubtreeMassOperations} and {@link MatchingMassOperations} apply the
 * template's scope once for both.
 *
 * @param <T> the entity type
 * @param <R> what a run returns
 */
interface MassEngine<T, R> {

    R delete(MassScope scope, MassOptions options);

    R clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    R move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    R edit(MassScope scope, UnaryOperator<T> change, MassOptions options);

    R deleteAllUnder(KeyValues node, MassOptions options);

    R cloneAllUnder(KeyValues from, KeyValues to, MassOptions options);

    R moveAllUnder(KeyValues from, KeyValues to, MassOptions options);

    R editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options);

    R cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    R moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    /** @return the blocking engine */
    static <T> MassEngine<T, MassResult> blocking(MassOperations<T> mass) {
        return new MassEngine<>() {
            @Override
            public MassResult delete(MassScope scope, MassOptions options) {
                return mass.delete(scope, options);
            }

            @Override
            public MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
                    MassOptions options) {
                return mass.clone(scope, transform, options);
            }

            @Override
            public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
                    MassOptions options) {
                return mass.move(scope, transform, options);
            }

            @Override
            public MassResult edit(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return mass.edit(scope, change, options);
            }

            @Override
            public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
                return mass.deleteAllUnder(node, options);
            }

            @Override
            public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return mass.cloneAllUnder(from, to, options);
            }

            @Override
            public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return mass.moveAllUnder(from, to, options);
            }

            @Override
            public MassResult editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options) {
                return mass.editAllUnder(node, change, options);
            }

            @Override
            public MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return mass.cloneEach(scope, change, options);
            }

            @Override
            public MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return mass.moveEach(scope, change, options);
            }
        };
    }

    /** @return the asynchronous engine */
    static <T> MassEngine<T, CompletableFuture<MassResult>> async(AsyncMassOperations<T> mass) {
        return new MassEngine<>() {
            @Override
            public CompletableFuture<MassResult> delete(MassScope scope, MassOptions options) {
                return mass.delete(scope, options);
            }

            @Override
            public CompletableFuture<MassResult> clone(MassScope scope,
                    UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
                return mass.clone(scope, transform, options);
            }

            @Override
            public CompletableFuture<MassResult> move(MassScope scope,
                    UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options) {
                return mass.move(scope, transform, options);
            }

            @Override
            public CompletableFuture<MassResult> edit(MassScope scope, UnaryOperator<T> change,
                    MassOptions options) {
                return mass.edit(scope, change, options);
            }

            @Override
            public CompletableFuture<MassResult> deleteAllUnder(KeyValues node, MassOptions options) {
                return mass.deleteAllUnder(node, options);
            }

            @Override
            public CompletableFuture<MassResult> cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return mass.cloneAllUnder(from, to, options);
            }

            @Override
            public CompletableFuture<MassResult> moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return mass.moveAllUnder(from, to, options);
            }

            @Override
            public CompletableFuture<MassResult> editAllUnder(KeyValues node, UnaryOperator<T> change,
                    MassOptions options) {
                return mass.editAllUnder(node, change, options);
            }

            @Override
            public CompletableFuture<MassResult> cloneEach(MassScope scope, UnaryOperator<T> change,
                    MassOptions options) {
                return mass.cloneEach(scope, change, options);
            }

            @Override
            public CompletableFuture<MassResult> moveEach(MassScope scope, UnaryOperator<T> change,
                    MassOptions options) {
                return mass.moveEach(scope, change, options);
            }
        };
    }
}
