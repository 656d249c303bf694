package io.dynamodbtoolkit.embedded.engine;

/**
 * Capacity units as DynamoDB computes them: reads in 4 KB units (half for eventually consistent reads), writes in
 * 1 KB units, each rounded up and at least one unit; transactional operations cost twice.
 */
final class Capacity {

    private static final int READ_UNIT_BYTES = 4096;
    private static final int WRITE_UNIT_BYTES = 1024;

    private Capacity() {
    }

    static double readUnits(long bytes, boolean consistent) {
        long units = Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
        return consistent ? units : units / 2.0;
    }

    static double writeUnits(long bytes) {
        return Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }
}
