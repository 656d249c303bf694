package io.dynamodbtoolkit.boot.autoconfigure.readme;

import org.springframework.data.annotation.TypeAlias;

/** A row of the README's rentals hierarchy: one record per tier, named by its type label. */
public sealed interface RentalRow permits RentalRow.State, RentalRow.Facility, RentalRow.Vehicle {

    /** A state row. */
    @TypeAlias("state")
    record State(String state, String name) implements RentalRow {
    }

    /** A facility row. */
    @TypeAlias("facility")
    record Facility(String state, String facility, String city) implements RentalRow {
    }

    /** A vehicle row. */
    @TypeAlias("vehicle")
    record Vehicle(String state, String facility, String vin, String make) implements RentalRow {
    }
}
