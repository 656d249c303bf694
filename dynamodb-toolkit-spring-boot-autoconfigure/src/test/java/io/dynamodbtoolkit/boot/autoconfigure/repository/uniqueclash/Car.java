package io.dynamodbtoolkit.boot.autoconfigure.repository.uniqueclash;

import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * A vehicle whose plate is {@code @Unique} in the whole table.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param plate    the licence plate
 */
public record Car(String state, String facility, String vin, @Unique String plate) {
}
