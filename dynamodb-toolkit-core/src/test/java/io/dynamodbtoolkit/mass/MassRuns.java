package io.dynamodbtoolkit.mass;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The mass operations as the tests call them, on either client: {@link MassOperations} as it is, or
 * {@link AsyncMassOperations} waited for (its failure thrown as the blocking API throws it), so that each mass test
 * runs its assertions on both engines' executors.
 */
interface MassRuns<T> {

    MassResult delete(MassScope scope, MassOptions options);

    MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform, MassOptions options);

    MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options);

    MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options);

    MassResult deleteAllUnder(KeyValues node, MassOptions options);

    MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options);

    MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options);

    MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options);

    MassRuns<T> withListener(MassProgressListener progress);

    /** @return the blocking mass operations */
    static <T> MassRuns<T> blocking(MassOperations<T> mass) {
        return new MassRuns<>() {
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
            public MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return mass.cloneEach(scope, change, options);
            }

            @Override
            public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
                    MassOptions options) {
                return mass.move(scope, transform, options);
            }

            @Override
            public MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return mass.moveEach(scope, change, options);
            }

            @Override
            public MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
                return mass.edit(scope, mapper, options);
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
            public MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
                return mass.editAllUnder(node, mapper, options);
            }

            @Override
            public MassRuns<T> withListener(MassProgressListener progress) {
                return blocking(mass.withListener(progress));
            }
        };
    }

    /** @return the asynchronous mass operations, each run waited for */
    static <T> MassRuns<T> async(AsyncMassOperations<T> mass) {
        return new MassRuns<>() {
            @Override
            public MassResult delete(MassScope scope, MassOptions options) {
                return await(mass.delete(scope, options));
            }

            @Override
            public MassResult clone(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
                    MassOptions options) {
                return await(mass.clone(scope, transform, options));
            }

            @Override
            public MassResult cloneEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return await(mass.cloneEach(scope, change, options));
            }

            @Override
            public MassResult move(MassScope scope, UnaryOperator<Map<String, AttributeValue>> transform,
                    MassOptions options) {
                return await(mass.move(scope, transform, options));
            }

            @Override
            public MassResult moveEach(MassScope scope, UnaryOperator<T> change, MassOptions options) {
                return await(mass.moveEach(scope, change, options));
            }

            @Override
            public MassResult edit(MassScope scope, UnaryOperator<T> mapper, MassOptions options) {
                return await(mass.edit(scope, mapper, options));
            }

            @Override
            public MassResult deleteAllUnder(KeyValues node, MassOptions options) {
                return await(mass.deleteAllUnder(node, options));
            }

            @Override
            public MassResult cloneAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return await(mass.cloneAllUnder(from, to, options));
            }

            @Override
            public MassResult moveAllUnder(KeyValues from, KeyValues to, MassOptions options) {
                return await(mass.moveAllUnder(from, to, options));
            }

            @Override
            public MassResult editAllUnder(KeyValues node, UnaryOperator<T> mapper, MassOptions options) {
                return await(mass.editAllUnder(node, mapper, options));
            }

            @Override
            public MassRuns<T> withListener(MassProgressListener progress) {
                return async(mass.withListener(progress));
            }
        };
    }

    /**
     * @return the asynchronous mass operations of an adapter, its calls going to the adapter's own blocking client
     *         (faults, crashes and proxies included) through a {@link BlockingBackedAsyncClient}, each run waited for
     */
    static <T> MassRuns<T> asyncOver(Adapter<T> adapter) {
        return async(AsyncMassOperations.of(adapter.async(new BlockingBackedAsyncClient(adapter.client(),
                AsyncPool.CALLS))));
    }

    private static MassResult await(CompletableFuture<MassResult> run) {
        return MassFutures.join(run);
    }

    /** The threads the forwarded calls of the asynchronous variants run in. */
    final class AsyncPool {
        static final ExecutorService CALLS = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "async-mass-calls");
            thread.setDaemon(true);
            return thread;
        });

        private AsyncPool() {
        }
    }
}
