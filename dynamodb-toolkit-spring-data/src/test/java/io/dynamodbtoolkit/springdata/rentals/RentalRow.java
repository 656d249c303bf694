package io.dynamodbtoolkit.springdata.rentals;

/** A row of the rentals hierarchy: a state, a facility or a vehicle, each read as its own record. */
public sealed interface RentalRow permits State, Facility, Vehicle {

    /** @return the partition key */
    String state();
}
