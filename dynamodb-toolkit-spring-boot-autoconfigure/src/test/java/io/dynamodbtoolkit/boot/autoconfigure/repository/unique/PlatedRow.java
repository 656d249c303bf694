package io.dynamodbtoolkit.boot.autoconfigure.repository.unique;

import io.dynamodbtoolkit.springdata.mapping.Unique;
import org.springframework.data.annotation.TypeAlias;

/** A row of the rentals hierarchy whose vehicles' plates are {@code @Unique} among vehicles. */
public sealed interface PlatedRow permits PlatedRow.State, PlatedRow.Facility, PlatedRow.Vehicle {

    /**
     * A state row.
     *
     * @param state the state
     * @param name  its name
     */
    @TypeAlias("state")
    record State(String state, String name) implements PlatedRow {
    }

    /**
     * A facility row.
     *
     * @param state    the state
     * @param facility the facility
     * @param plate    the plate of its shuttle, not unique
     */
    @TypeAlias("facility")
    record Facility(String state, String facility, String plate) implements PlatedRow {
    }

    /**
     * A vehicle row.
     *
     * @param state    the state
     * @param facility the facility
     * @param vin      the vehicle
     * @param plate    the licence plate, unique among vehicles
     */
    @TypeAlias("vehicle")
    record Vehicle(String state, String facility, String vin, @Unique String plate) implements PlatedRow {
    }
}
