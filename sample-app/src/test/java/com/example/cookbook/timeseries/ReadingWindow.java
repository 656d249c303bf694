// tag::time-series-window[]
package com.example.cookbook.timeseries;

import java.time.Instant;
import java.util.List;

import io.dynamodbtoolkit.key.Timestamps;

// end::time-series-window[]
/** A time window over several monthly buckets: one key seek per bucket, oldest first. */
// tag::time-series-window[]
public class ReadingWindow {

    private final ReadingRepository readings;

    public ReadingWindow(ReadingRepository readings) {
        this.readings = readings;
    }

    /** The readings of a device from {@code from} to {@code to}, oldest first: one Query per month. */
    public List<Reading> of(String device, Instant from, Instant to) {
        return Timestamps.monthlyBuckets(device, from, to).stream()     // device-7#2026-07, device-7#2026-08, ...
                .flatMap(bucket -> readings.findByBucketAndTsBetween(bucket, from.toEpochMilli(), to.toEpochMilli())
                        .stream())
                .toList();
    }
}
// end::time-series-window[]
