package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link IndexBackfillTest} on the asynchronous client ({@link AsyncIndexBackfill}). */
class AsyncIndexBackfillTest extends IndexBackfillTest {

    @Override
    Backfills backfillOf(Adapter<Map<String, Object>> adapter) {
        return Backfills.asyncOver(adapter);
    }
}
