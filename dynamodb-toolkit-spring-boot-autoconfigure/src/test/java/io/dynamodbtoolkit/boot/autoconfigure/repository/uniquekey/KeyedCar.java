package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquekey;

import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * A vehicle row whose key field is marked {@code @Unique}, which start-up refuses.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle, a key field
 * @param make     the make
 */
public record KeyedCar(String state, String facility, @Unique String vin, String make) {
}
