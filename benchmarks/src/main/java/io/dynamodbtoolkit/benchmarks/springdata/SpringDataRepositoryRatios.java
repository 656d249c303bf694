package io.dynamodbtoolkit.benchmarks.springdata;

import io.dynamodbtoolkit.benchmarks.AlternatingRatio;

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

    private SpringDataRepositoryRatios() {
    }

    /** @param args the number of rounds (default 40) */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        System.out.printf("%-26s %-20s %-20s %10s %10s%n", "repository / adapter", "CPU time [q1, q3]",
                "elapsed [q1, q3]", "ns/call", "baseline");
        for (int items : new int[] {10, 100}) {
            SpringDataRepositoryBenchmark state = new SpringDataRepositoryBenchmark();
            state.items = items;
            state.setUp();
            try {
                AlternatingRatio ratio = new AlternatingRatio(items + " items per page", state::repository,
                        state::adapterWithEntityMapper, BATCH);
                ratio.measure(10, rounds);
                ratio.print(26, 3);
            } finally {
                state.tearDown();
            }
        }
    }
}
