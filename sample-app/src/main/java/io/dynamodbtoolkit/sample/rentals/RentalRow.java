package io.dynamodbtoolkit.sample.rentals;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A row of the rentals table: a state, a facility or a vehicle, by the depth of its key
 * ({@code TX}, {@code TX|Dallas}, {@code TX|Dallas|1HGC001}). The JSON of a row names its tier as {@code kind}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = State.class, name = "state"),
        @JsonSubTypes.Type(value = Facility.class, name = "facility"),
        @JsonSubTypes.Type(value = Vehicle.class, name = "vehicle")})
public sealed interface RentalRow permits State, Facility, Vehicle {

    /** @return the state code, the partition key of every row */
    String state();
}
