package io.dynamodbtoolkit.mass;

import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mass operations of one adapter, on either client: {@link MassOperations} runs them on the blocking client
 * ({@code R} is a {@link MassResult}), {@link AsyncMassOperations} on the asynchronous client ({@code R} is a future
 * of it). Code that applies the same runs on both (a template's scope, a query method's dispatch) is written once
 * against this interface. Each method is documented on {@link MassOperations}.
 *
 * @param <T> the adapter's item type (edits map through it)
 * @param <R> what a run returns
 */
public interface MassRuns<T, R> {

    /** @see MassOperations#withListener */
    MassRuns<T, R> withListener(MassProgressListener progress);

    /** @see MassOperations#delete */
    R delete(MassScope scope, MassOptions options);

    /** @see MassOperations#clone */
    R clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    /** @see MassOperations#cloneEach */
    R cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    /** @see MassOperations#move */
    R move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    /** @see MassOperations#moveEach */
    R moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    /** @see MassOperations#edit */
    R edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options);

    /** @see MassOperations#deleteAllUnder */
    R deleteAllUnder(KeyValues node, MassOptions options);

    /** @see MassOperations#cloneAllUnder */
    R cloneAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** @see MassOperations#moveAllUnder */
    R moveAllUnder(KeyValues from, KeyValues to, MassOptions options);

    /** @see MassOperations#editAllUnder */
    R editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options);
}
