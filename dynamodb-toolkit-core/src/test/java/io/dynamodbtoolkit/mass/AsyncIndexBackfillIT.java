package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link IndexBackfillIT} on the asynchronous client ({@link AsyncIndexBackfill}). */
class AsyncIndexBackfillIT extends IndexBackfillIT {

    @Override
    Backfills backfillOf(Adapter<Map<String, Object>> adapter) {
        return Backfills.asyncOver(adapter);
    }
}
