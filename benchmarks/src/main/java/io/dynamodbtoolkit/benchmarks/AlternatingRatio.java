package io.dynamodbtoolkit.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The cost ratio of an operation to its baseline, measured so that a shared, busy machine does not skew it: both run
 * in the same JVM, alternately, in batches of calls (which goes first alternates too), and the ratio of each pair
 * of batches is kept, by the thread's CPU time (time spent descheduled by other processes does not count; nor does
 * the work of GC threads) and by elapsed time. {@link #print} shows the median with its interquartile range.
 */
public final class AlternatingRatio {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static int sink;

    private final String name;
    private final Supplier<?> measured;
    private final Supplier<?> baseline;
    private final int batch;
    private final List<Double> cpuRatios = new ArrayList<>();
    private final List<Double> elapsedRatios = new ArrayList<>();
    private long measuredCpu;
    private long baselineCpu;

    /**
     * @param name     the label printed
     * @param measured the operation measured
     * @param baseline what it is compared with
     * @param batch    calls per batch
     */
    public AlternatingRatio(String name, Supplier<?> measured, Supplier<?> baseline, int batch) {
        this.name = name;
        this.measured = measured;
        this.baseline = baseline;
        this.batch = batch;
    }

    /** Runs one batch of each, the measured one first or second. */
    public void round(boolean measuredFirst) {
        Timing first = time(measuredFirst ? measured : baseline);
        Timing second = time(measuredFirst ? baseline : measured);
        Timing measuredTiming = measuredFirst ? first : second;
        Timing baselineTiming = measuredFirst ? second : first;
        measuredCpu += measuredTiming.cpu();
        baselineCpu += baselineTiming.cpu();
        cpuRatios.add((double) measuredTiming.cpu() / baselineTiming.cpu());
        elapsedRatios.add((double) measuredTiming.elapsed() / baselineTiming.elapsed());
    }

    /** Runs {@code warmup} rounds and forgets them, then {@code rounds} rounds. */
    public void measure(int warmup, int rounds) {
        for (int round = 0; round < warmup; round++) {
            round(round % 2 == 0);
        }
        cpuRatios.clear();
        elapsedRatios.clear();
        measuredCpu = 0;
        baselineCpu = 0;
        for (int round = 0; round < rounds; round++) {
            round(round % 2 == 0);
        }
    }

    /**
     * Prints the label, the CPU-time and elapsed-time ratios (median [q1, q3]) and the CPU nanoseconds per call of
     * both sides.
     *
     * @param labelWidth the label column's width
     * @param decimals   decimals of the ratios
     */
    public void print(int labelWidth, int decimals) {
        double calls = (double) cpuRatios.size() * batch;
        System.out.printf(Locale.ROOT, "%-" + labelWidth + "s %-20s %-20s %10.0f %10.0f%n", name,
                quartiles(cpuRatios, decimals), quartiles(elapsedRatios, decimals), measuredCpu / calls,
                baselineCpu / calls);
        if (sink == 42) {
            System.out.println();
        }
    }

    private Timing time(Supplier<?> operation) {
        long startCpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        int hash = 0;
        for (int i = 0; i < batch; i++) {
            hash += System.identityHashCode(operation.get());
        }
        long elapsed = System.nanoTime() - start;
        long cpu = THREADS.getCurrentThreadCpuTime() - startCpu;
        sink += hash;
        return new Timing(cpu, elapsed);
    }

    private static String quartiles(List<Double> ratios, int decimals) {
        List<Double> sorted = new ArrayList<>(ratios);
        Collections.sort(sorted);
        int n = sorted.size();
        String format = "%." + decimals + "f";
        return String.format(Locale.ROOT, format + " [" + format + ", " + format + "]", sorted.get(n / 2),
                sorted.get(n / 4), sorted.get(3 * n / 4));
    }

    /** The CPU and elapsed nanoseconds of one batch. */
    private record Timing(long cpu, long elapsed) {
    }
}
