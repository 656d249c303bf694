package io.dynamodbtoolkit.starter.rentals;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A row of the rentals hierarchy: a state, a facility or a vehicle, each read as its own record. */
public sealed interface RentalRow permits RentalRow.State, RentalRow.Facility, RentalRow.Vehicle {

    /**
     * A state row: {@code TX}.
     *
     * @param state   the state
     * @param name    its name
     * @param version the optimistic-locking version
     */
    @TypeAlias("state")
    record State(String state, String name, @Version Long version) implements RentalRow {
    }

    /**
     * A facility row: {@code TX|Dallas}.
     *
     * @param state    the state
     * @param facility the facility
     * @param city     its city
     * @param version  the optimistic-locking version
     */
    @TypeAlias("facility")
    record Facility(String state, String facility, String city, @Version Long version) implements RentalRow {
    }

    /**
     * A vehicle row: {@code TX|Dallas|1HGC001}; in the review queue while it has a review flag.
     *
     * @param state       the state
     * @param facility    the facility
     * @param vin         the vehicle identification number
     * @param make        the make
     * @param reviewFlag  {@code pending} while waiting for review, else null
     * @param submittedAt when it was submitted for review
     * @param version     the optimistic-locking version
     */
    @TypeAlias("vehicle")
    record Vehicle(String state, String facility, String vin, String make, String reviewFlag, String submittedAt,
            @Version Long version) implements RentalRow {
    }
}
