package io.dynamodbtoolkit.mass;

import java.util.Collection;

import io.dynamodbtoolkit.adapter.Adapter;

/**
 * The index backfill as a test runs it, blocking ({@link IndexBackfill}) or asynchronous ({@link AsyncIndexBackfill},
 * each run waited for, what it failed with thrown as the blocking backfill throws it), so one suite covers both.
 */
interface Backfills {

    MassResult backfill(String index, MassOptions options);

    MassResult backfill(String index, MassScope scope, MassOptions options);

    MassResult backfillTiers(String index, MassOptions options);

    MassResult removeStale(Collection<String> attributes, MassOptions options);

    Backfills withListener(MassProgressListener progress);

    static Backfills blocking(IndexBackfill backfill) {
        return new Backfills() {
            @Override
            public MassResult backfill(String index, MassOptions options) {
                return backfill.backfill(index, options);
            }

            @Override
            public MassResult backfill(String index, MassScope scope, MassOptions options) {
                return backfill.backfill(index, scope, options);
            }

            @Override
            public MassResult backfillTiers(String index, MassOptions options) {
                return backfill.backfillTiers(index, options);
            }

            @Override
            public MassResult removeStale(Collection<String> attributes, MassOptions options) {
                return backfill.removeStale(attributes, options);
            }

            @Override
            public Backfills withListener(MassProgressListener progress) {
                return blocking(backfill.withListener(progress));
            }
        };
    }

    static Backfills async(AsyncIndexBackfill backfill) {
        return new Backfills() {
            @Override
            public MassResult backfill(String index, MassOptions options) {
                return MassFutures.join(backfill.backfill(index, options));
            }

            @Override
            public MassResult backfill(String index, MassScope scope, MassOptions options) {
                return MassFutures.join(backfill.backfill(index, scope, options));
            }

            @Override
            public MassResult backfillTiers(String index, MassOptions options) {
                return MassFutures.join(backfill.backfillTiers(index, options));
            }

            @Override
            public MassResult removeStale(Collection<String> attributes, MassOptions options) {
                return MassFutures.join(backfill.removeStale(attributes, options));
            }

            @Override
            public Backfills withListener(MassProgressListener progress) {
                return async(backfill.withListener(progress));
            }
        };
    }

    /**
     * @return the asynchronous backfill of an adapter, its calls going to the adapter's own blocking client (faults
     *         and crashes included) through a {@link BlockingBackedAsyncClient}
     */
    static Backfills asyncOver(Adapter<?> adapter) {
        return async(AsyncIndexBackfill.of(adapter.async(new BlockingBackedAsyncClient(adapter.client(),
                AwaitedMassRuns.AsyncPool.CALLS))));
    }
}
