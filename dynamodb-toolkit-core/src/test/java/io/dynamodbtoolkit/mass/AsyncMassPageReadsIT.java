package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link MassPageReadsIT} on the asynchronous mass engine ({@link AsyncMassOperations}). */
class AsyncMassPageReadsIT extends MassPageReadsIT {

    @Override
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return AwaitedMassRuns.asyncOver(adapter);
    }
}
