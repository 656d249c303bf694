package io.dynamodbtoolkit.boot.autoconfigure.repository.plates;

/**
 * A vehicle row with its licence plate, a field only this entity holds.
 *
 * @param state    the state
 * @param facility the facility
 * @param vin      the vehicle
 * @param plate    the licence plate
 */
public record PlatedCar(String state, String facility, String vin, String plate) {
}
