package io.dynamodbtoolkit.benchmarks.springdata;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The ratio of {@link SpringDataRepositoryBenchmark} measured so that a shared, busy machine does not skew it: the
 * repository call and the same read on the Adapter run in one JVM, alternately, in batches of {@value #BATCH} calls
 * (which one goes first alternates too), and the ratio of each pair of batches is kept. The median is printed with
 * its interquartile range, by the thread's CPU time (time spent descheduled by other processes does not count) and
 * by elapsed time, for pages of 10 and 100 items.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.dynamodbtoolkit.benchmarks.springdata.SpringDataRepositoryRatios [rounds]} (default 40 rounds, after 10 rounds
 * of warm-up).
 */
public final class SpringDataRepositoryRatios {

    private static final int BATCH = 5_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Defeats dead-code elimination of the measured results. */
    private static int sink;

    private SpringDataRepositoryRatios() {
    }

    /** @param args the number of rounds (default 40) */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        System.out.printf(Locale.ROOT, "%-26s %-20s %-20s %10s %10s%n", "repository / adapter",
                "CPU time [q1, q3]", "elapsed [q1, q3]", "ns/call", "baseline");
        for (int items : new int[] {10, 100}) {
            SpringDataRepositoryBenchmark state = new SpringDataRepositoryBenchmark();
            state.items = items;
            state.setUp();
            try {
                Rounds measured = new Rounds(items + " items per page", state::repository,
                        state::adapterWithEntityMapper);
                for (int warmup = 0; warmup < 10; warmup++) {
                    measured.round(warmup % 2 == 0);
                }
                measured.reset();
                for (int round = 0; round < rounds; round++) {
                    measured.round(round % 2 == 0);
                }
                measured.print();
            } finally {
                state.tearDown();
            }
        }
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

    /** The measured call and its baseline, with the ratios of each round. */
    private static final class Rounds {
        private final String name;
        private final Supplier<?> measured;
        private final Supplier<?> baseline;
        private final List<Double> cpuRatios = new ArrayList<>();
        private final List<Double> elapsedRatios = new ArrayList<>();
        private long measuredCpu;
        private long baselineCpu;

        Rounds(String name, Supplier<?> measured, Supplier<?> baseline) {
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
            double calls = (double) cpuRatios.size() * BATCH;
            System.out.printf(Locale.ROOT, "%-26s %-20s %-20s %10.0f %10.0f%n", name, quartiles(cpuRatios),
                    quartiles(elapsedRatios), measuredCpu / calls, baselineCpu / calls);
        }

        private static String quartiles(List<Double> ratios) {
            List<Double> sorted = new ArrayList<>(ratios);
            Collections.sort(sorted);
            int n = sorted.size();
            return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", sorted.get(n / 2), sorted.get(n / 4),
                    sorted.get(3 * n / 4));
        }
    }
}
