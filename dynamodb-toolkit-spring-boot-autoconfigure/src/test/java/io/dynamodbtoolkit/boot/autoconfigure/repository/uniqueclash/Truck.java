package io.dynamodbtoolkit.boot.autoconfigure.repository.uniqueclash;

import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * A vehicle of the same adapter as {@link Car} whose plate is {@code @Unique} within its state only: the two
 * annotations of {@code plate} disagree.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param plate    the licence plate
 */
public record Truck(String state, String facility, String vin, @Unique(within = "state") String plate) {
}
