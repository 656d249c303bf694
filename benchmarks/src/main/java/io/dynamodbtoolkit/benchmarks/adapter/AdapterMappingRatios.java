package io.dynamodbtoolkit.benchmarks.adapter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

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
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Defeats dead-code elimination of the measured results. */
    private static int sink;

    private AdapterMappingRatios() {
    }

    /** @param args the number of rounds (default 40) */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        AdapterMappingBenchmark state = new AdapterMappingBenchmark();
        state.setUp();
        List<Pair> pairs = List.of(
                new Pair("adapter.putForce / enhanced putItem", state::adapterPutForce, state::enhancedPutItem),
                new Pair("adapter.putForce, result unread / enhanced", state::adapterPutForceResult,
                        state::enhancedPutItem),
                new Pair("adapter.post / enhanced putItem if absent", state::adapterPost,
                        state::enhancedPutItemIfAbsent),
                new Pair("adapter.get / enhanced getItem", state::adapterGet, state::enhancedGetItem),
                new Pair("schema.mapToItem / enhanced putItem", state::schemaMapToItem, state::enhancedPutItem));
        for (int warmup = 0; warmup < 10; warmup++) {
            boolean measuredFirst = warmup % 2 == 0;
            pairs.forEach(pair -> pair.round(measuredFirst));
        }
        pairs.forEach(Pair::reset);
        for (int round = 0; round < rounds; round++) {
            boolean measuredFirst = round % 2 == 0;
            pairs.forEach(pair -> pair.round(measuredFirst));
        }
        System.out.printf(Locale.ROOT, "%-42s %-20s %-20s %8s %8s%n", "ratio, median of " + rounds + " rounds",
                "CPU time [q1, q3]", "elapsed [q1, q3]", "ns/op", "baseline");
        pairs.forEach(Pair::print);
        if (sink == 42) {
            System.out.println();
        }
    }

    /** The CPU and elapsed nanoseconds of one batch. */
    private record Timing(long cpu, long elapsed) {
    }

    private static Timing time(Supplier<?> operation) {
        long startCpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        int hash = 0;
        for (int i = 0; i < BATCH; i++) {
            hash += System.identityHashCode(operation.get());
        }
        long elapsed = System.nanoTime() - start;
        long cpu = THREADS.getCurrentThreadCpuTime() - startCpu;
        sink += hash;
        return new Timing(cpu, elapsed);
    }

    /** An operation and its baseline, with the ratios of each round. */
    private static final class Pair {
        private final String name;
        private final Supplier<?> measured;
        private final Supplier<?> baseline;
        private final List<Double> cpuRatios = new ArrayList<>();
        private final List<Double> elapsedRatios = new ArrayList<>();
        private long measuredCpu;
        private long baselineCpu;

        Pair(String name, Supplier<?> measured, Supplier<?> baseline) {
            this.name = name;
            this.measured = measured;
            this.baseline = baseline;
        }

        void round(boolean measuredFirst) {
            Timing first = time(measuredFirst ? measured : baseline);
            Timing second = time(measuredFirst ? baseline : measured);
            Timing measuredTiming = measuredFirst ? first : second;
            Timing baselineTiming = measuredFirst ? second : first;
            measuredCpu += measuredTiming.cpu();
            baselineCpu += baselineTiming.cpu();
            cpuRatios.add((double) measuredTiming.cpu() / baselineTiming.cpu());
            elapsedRatios.add((double) measuredTiming.elapsed() / baselineTiming.elapsed());
        }

        void reset() {
            cpuRatios.clear();
            elapsedRatios.clear();
            measuredCpu = 0;
            baselineCpu = 0;
        }

        void print() {
            double operations = (double) cpuRatios.size() * BATCH;
            System.out.printf(Locale.ROOT, "%-42s %-20s %-20s %8.0f %8.0f%n", name, quartiles(cpuRatios),
                    quartiles(elapsedRatios), measuredCpu / operations, baselineCpu / operations);
        }

        private static String quartiles(List<Double> ratios) {
            List<Double> sorted = new ArrayList<>(ratios);
            Collections.sort(sorted);
            int n = sorted.size();
            return String.format(Locale.ROOT, "%.2f [%.2f, %.2f]", sorted.get(n / 2), sorted.get(n / 4),
                    sorted.get(3 * n / 4));
        }
    }
}
