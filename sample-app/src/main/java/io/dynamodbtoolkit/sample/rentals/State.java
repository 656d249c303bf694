package io.dynamodbtoolkit.sample.rentals;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/**
 * A state row ({@code TX}): the root of a partition.
 *
 * @param state   the state code
 * @param name    its name
 * @param version the optimistic-locking version (null before the first write)
 */
@TypeAlias("state")
public record State(String state, String name, @Version Long version) implements RentalRow {
}
