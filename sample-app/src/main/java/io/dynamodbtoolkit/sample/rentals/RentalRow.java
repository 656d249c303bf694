package io.dynamodbtoolkit.sample.rentals;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.springframework.data.annotation.TypeAlias;

/**
 * A row of the rentals table: a state, a facility or a vehicle, by the depth of its key
 * ({@code TX}, {@code TX|Dallas}, {@code TX|Dallas|1HGC001}).
 */
public sealed interface RentalRow permits State, Facility, Vehicle {

    /** @return the state code, the partition key of every row */
    String state();

    /** @return the row's tier, its type label ({@code state}, {@code facility}, {@code vehicle}), in its JSON */
    @JsonProperty("kind")
    default String kind() {
        return getClass().getAnnotation(TypeAlias.class).value();
    }
}
