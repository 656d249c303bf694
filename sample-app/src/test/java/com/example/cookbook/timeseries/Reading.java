package com.example.cookbook.timeseries;

/**
 * A sensor reading.
 *
 * @param bucket  the device and month, {@code device-7#2026-07}: the partition key
 * @param ts      when it was taken, in epoch milliseconds
 * @param celsius the temperature read
 */
public record Reading(String bucket, long ts, double celsius) {
}
