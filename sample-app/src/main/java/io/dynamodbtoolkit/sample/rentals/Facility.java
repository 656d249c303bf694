package io.dynamodbtoolkit.sample.rentals;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/**
 * A facility row ({@code TX|Dallas}).
 *
 * @param state    the state code
 * @param facility the facility name, unique in its state
 * @param city     the city it is in
 * @param vehicles how many vehicles are based there, kept by the transactions that add and move vehicles
 * @param version  the optimistic-locking version (null before the first write)
 */
@TypeAlias("facility")
public record Facility(String state, String facility, String city, int vehicles,
        @Version Long version) implements RentalRow {
}
