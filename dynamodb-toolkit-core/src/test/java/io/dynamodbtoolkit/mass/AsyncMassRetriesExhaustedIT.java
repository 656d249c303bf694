package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link MassRetriesExhaustedIT} on the asynchronous mass engine ({@link AsyncMassOperations}). */
class AsyncMassRetriesExhaustedIT extends MassRetriesExhaustedIT {

    @Override
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return AwaitedMassRuns.asyncOver(adapter);
    }
}
