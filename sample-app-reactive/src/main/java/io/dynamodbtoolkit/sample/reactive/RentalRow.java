package io.dynamodbtoolkit.sample.reactive;

import java.math.BigDecimal;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A row of the rentals table, by the depth of its key: a state, a facility or a vehicle. */
public sealed interface RentalRow permits RentalRow.State, RentalRow.Facility, RentalRow.Vehicle {

    /** A state row ({@code TX}). */
    @TypeAlias("state")
    record State(String state, String name, @Version Long version) implements RentalRow {
    }

    /** A facility row ({@code TX|Dallas}). */
    @TypeAlias("facility")
    record Facility(String state, String facility, String city, @Version Long version) implements RentalRow {
    }

    /** A vehicle row ({@code TX|Dallas|1HGC001}). */
    @TypeAlias("vehicle")
    record Vehicle(String state, String facility, String vin, String make, BigDecimal dailyRate,
            @Version Long version) implements RentalRow {
    }
}
