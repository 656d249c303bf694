package io.dynamodbtoolkit.adapter;

import java.util.OptionalDouble;

/**
 * What a read cost, so read amplification is visible: items returned against items the server read, and the read
 * capacity consumed. List reads always ask DynamoDB for their total consumed capacity; a server that does not report
 * it leaves the capacity unknown ({@code NaN}), never a false zero.
 *
 * @param requests      calls made
 * @param returned      items returned by the server (after any filter; a page followed by more counts the item
 *                      beyond it, read to know that more follow and not given, unless the read is
 *                      {@link ListOptions#withoutLookahead() without lookahead})
 * @param scanned       items the server read (before any filter)
 * @param capacityUnits read capacity consumed, or {@code NaN} when a call's was not reported (see
 *                      {@link #consumedCapacity()})
 */
public record ReadStats(int requests, long returned, long scanned, double capacityUnits) {

    /** No reads. */
    public static final ReadStats NONE = new ReadStats(0, 0, 0, 0);

    /** @return the sum of two costs */
    public ReadStats plus(ReadStats other) {
        return new ReadStats(requests + other.requests, returned + other.returned, scanned + other.scanned,
                capacityUnits + other.capacityUnits);
    }

    /** @return the read capacity consumed, when the server reported every call's */
    public OptionalDouble consumedCapacity() {
        return Double.isNaN(capacityUnits) ? OptionalDouble.empty() : OptionalDouble.of(capacityUnits);
    }

    /**
     * @return items read per item returned: 1.0 for a pure key seek (and when nothing was read), infinite when
     *         items were read but none returned
     */
    public double amplification() {
        return returned == 0 ? (scanned == 0 ? 1.0 : Double.POSITIVE_INFINITY) : (double) scanned / returned;
    }

    @Override
    public String toString() {
        return "ReadStats[requests=" + requests + ", returned=" + returned + ", scanned=" + scanned + ", capacityUnits="
                + (Double.isNaN(capacityUnits) ? "not reported" : String.valueOf(capacityUnits)) + "]";
    }
}
