package io.dynamodbtoolkit.boot.autoconfigure.repository.leaves;

import org.springframework.data.annotation.TypeAlias;

/**
 * A vehicle row: the application has a class for the leaf tier only.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param make     the make
 */
@TypeAlias("vehicle")
public record Car(String state, String facility, String vin, String make) {
}
