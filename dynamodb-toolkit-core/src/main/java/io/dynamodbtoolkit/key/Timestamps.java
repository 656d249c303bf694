package io.dynamodbtoolkit.key;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Helpers for time in keys: reverse timestamps and time buckets for write-sharded series. */
public final class Timestamps {

    /** The largest 13-digit number: reverse timestamps count down from it. */
    public static final long REVERSE_BASE = 9_999_999_999_999L;

    private Timestamps() {
    }

    /**
     * A reverse timestamp: {@code 9999999999999 - epochMillis}, zero-padded to 13 digits, so newer times sort
     * first lexicographically. For the residual cases where a descending read is not possible (newest first inside
     * a composite whose outer component must still ascend); keep the real time as a plain attribute beside it.
     *
     * @throws IllegalArgumentException for times before 1970 or after the year 2286
     */
    public static String reverse(long epochMillis) {
        if (epochMillis < 0 || epochMillis > REVERSE_BASE) {
            throw new IllegalArgumentException("A reverse timestamp needs 0 <= epochMillis <= " + REVERSE_BASE
                    + " but got " + epochMillis);
        }
        String digits = Long.toString(REVERSE_BASE - epochMillis);
        return "0".repeat(13 - digits.length()) + digits;
    }

    /** @return the time a reverse timestamp stands for */
    public static Instant fromReverse(String reverse) {
        return Instant.ofEpochMilli(REVERSE_BASE - Long.parseLong(reverse));
    }

    /**
     * The monthly bucket key of an owner at a time ({@code device-7#2026-07}, UTC), for write-sharded time series.
     */
    public static String monthlyBucket(String owner, Instant time) {
        return owner + "#" + YearMonth.from(time.atZone(ZoneOffset.UTC));
    }

    /** @return the monthly buckets of an owner covering {@code [from, to]}, oldest first */
    public static List<String> monthlyBuckets(String owner, Instant from, Instant to) {
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("The window ends (" + to + ") before it starts (" + from + ")");
        }
        List<String> buckets = new ArrayList<>();
        YearMonth last = YearMonth.from(to.atZone(ZoneOffset.UTC));
        for (YearMonth month = YearMonth.from(from.atZone(ZoneOffset.UTC)); !month.isAfter(last);
                month = month.plusMonths(1)) {
            buckets.add(owner + "#" + month);
        }
        return buckets;
    }
}
