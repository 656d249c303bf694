package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin;

import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * A vehicle whose plate is {@code @Unique} within its state: two states may register the same plate.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param plate    the licence plate, unique within the state
 */
public record ScopedPlate(String state, String facility, String vin, @Unique(within = "state") String plate) {
}
