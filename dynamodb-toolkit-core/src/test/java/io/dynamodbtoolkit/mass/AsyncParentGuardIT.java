package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link ParentGuardIT} on the asynchronous mass engine ({@link AsyncMassOperations}). */
class AsyncParentGuardIT extends ParentGuardIT {

    @Override
    MassRuns<Map<String, Object>, MassResult> massOf(Adapter<Map<String, Object>> adapter) {
        return AwaitedMassRuns.asyncOver(adapter);
    }
}
