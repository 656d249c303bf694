package io.dynamodbtoolkit.springdata.shipments;

import java.time.Instant;

/**
 * A shipment keyed by domain values: an enum carrier and the instant it left.
 *
 * @param carrier the carrier
 * @param leftAt  when it left
 * @param parcels how many parcels
 */
public record Shipment(Carrier carrier, Instant leftAt, int parcels) {

    /** Who carries it. */
    public enum Carrier { POST, COURIER }
}
