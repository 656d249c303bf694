package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;

/** The tests of {@link MassFaultInjectionTest} on the asynchronous mass engine ({@link AsyncMassOperations}). */
class AsyncMassFaultInjectionTest extends MassFaultInjectionTest {

    @Override
    MassRuns<Map<String, Object>> massOf(Adapter<Map<String, Object>> adapter) {
        return MassRuns.asyncOver(adapter);
    }
}
