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
 * The asynchronous mass operations as the tests call them: each run waited for, its failure thrown as the blocking
 * API throws it, so that each mass test runs its assertions on both engines' executors (the blocking engine is
 * {@link MassOperations} as it is: both are {@link MassRuns}).
 *
 * @param <T> the adapter's item type
 */
final class AwaitedMassRuns<T> implements MassRuns<T, MassResult> {

    private final MassRuns<T, CompletableFuture<MassResult>> mass;

    private AwaitedMassRuns(MassRuns<T, CompletableFuture<MassResult>> mass) {
        this.mass = mass;
    }

    /** @return the asynchronous mass operations, each run waited for */
    static <T> MassRuns<T, MassResult> async(MassRuns<T, CompletableFuture<MassResult>> mass) {
        return new AwaitedMassRuns<>(mass);
    }

    @Override
    public MassRuns<T, MassResult> withListener(MassProgressListener progress) {
        return new AwaitedMassRuns<>(mass.withListener(progress));
    }

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

    /**
     * @return the asynchronous mass operations of an adapter, its calls going to the adapter's own blocking client
     *         (faults, crashes and proxies included) through a {@link BlockingBackedAsyncClient}, each run waited for
     */
    static <T> MassRuns<T, MassResult> asyncOver(Adapter<T> adapter) {
        return async(AsyncMassOperations.of(adapter.async(new BlockingBackedAsyncClient(adapter.client(),
                AsyncPool.CALLS))));
    }

    private static MassResult await(CompletableFuture<MassResult> run) {
        return MassFutures.join(run);
    }

    /** The threads the forwarded calls of the asynchronous variants run in. */
    static final class AsyncPool {
        static final ExecutorService CALLS = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "async-mass-calls");
            thread.setDaemon(true);
            return thread;
        });

        private AsyncPool() {
        }
    }
}
