package io.dynamodbtoolkit.benchmarks.adapter;

import java.util.List;

import io.dynamodbtoolkit.benchmarks.AlternatingRatio;

/**
 * The ratios of {@link AdapterMappingBenchmark} measured so that a shared, busy machine does not skew them: each
 * Adapter operation and its Enhanced-client baseline run in the same JVM, alternately, in batches of
 * {@value #BATCH} calls, and the ratio of each pair of batches is kept. The median ratio is printed with its
 * interquartile range, by the thread's CPU time (time spent descheduled by other processes is not counted; nor
 * is the work of GC threads, which favours the side allocating more) and by elapsed time.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.dynamodbtoolkit.benchmarks.adapter.AdapterMappingRatios
 * [rounds]} (default 40 rounds, after 10 rounds of warm-up).
 */
public final class AdapterMappingRatios {

    private static final int BATCH = 20_000;

    private AdapterMappingRatios() {
    }

    /** @param args the number of rounds (default 40) */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        AdapterMappingBenchmark state = new AdapterMappingBenchmark();
        state.setUp();
        List<AlternatingRatio> ratios = List.of(
                new AlternatingRatio("adapter.putForce / enhanced putItem", state::adapterPutForce,
                        state::enhancedPutItem, BATCH),
                new AlternatingRatio("adapter.putForce, result unread / enhanced", state::adapterPutForceResult,
                        state::enhancedPutItem, BATCH),
                new AlternatingRatio("adapter.post / enhanced putItem if absent", state::adapterPost,
                        state::enhancedPutItemIfAbsent, BATCH),
                new AlternatingRatio("adapter.get / enhanced getItem", state::adapterGet, state::enhancedGetItem,
                        BATCH),
                new AlternatingRatio("get, keys built per call", state::adapterGetByValues,
                        state::enhancedGetItemByValues, BATCH),
                new AlternatingRatio("schema.mapToItem / enhanced putItem", state::schemaMapToItem,
                        state::enhancedPutItem, BATCH));
        ratios.forEach(ratio -> ratio.measure(10, rounds));
        System.out.printf("%-42s %-20s %-20s %10s %10s%n", "ratio, median of " + rounds + " rounds",
                "CPU time [q1, q3]", "elapsed [q1, q3]", "ns/op", "baseline");
        ratios.forEach(ratio -> ratio.print(42, 2));
    }
}
