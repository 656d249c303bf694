package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link ParentGuardRaceIT} on the asynchronous mass engine ({@link AsyncMassOperations}). */
class AsyncParentGuardRaceIT extends ParentGuardRaceIT {

    @Override
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return AwaitedMassRuns.asyncOver(adapter);
    }
}
