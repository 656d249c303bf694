package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquescope;

import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * A vehicle whose plate is {@code @Unique} within its facility alone, which is not a leading key field (the state
 * comes first), so no guard could be keyed by it.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param plate    the licence plate
 */
public record FacilityPlate(String state, String facility, String vin, @Unique(within = "facility") String plate) {
}
