package io.dynamodbtoolkit.adapter;

/**
 * What a read cost, so read amplification is visible: items returned against items the server read.
 *
 * @param requests      calls made
 * @param returned      items returned by the server (after any filter)
 * @param scanned       items the server read (before any filter)
 * @param capacityUnits read capacity consumed, when the server reported it (else 0)
 */
public record ReadStats(int requests, long returned, long scanned, double capacityUnits) {

    /** No reads. */
    public static final ReadStats NONE = new ReadStats(0, 0, 0, 0);

    /** @return the sum of two costs */
    public ReadStats plus(ReadStats other) {
        return new ReadStats(requests + other.requests, returned + other.returned, scanned + other.scanned,
                capacityUnits + other.capacityUnits);
    }

    /**
     * @return items read per item returned: 1.0 for a pure key seek (and when nothing was read), infinite when
     *         items were read but none returned
     */
    public double amplification() {
        return returned == 0 ? (scanned == 0 ? 1.0 : Double.POSITIVE_INFINITY) : (double) scanned / returned;
    }
}
