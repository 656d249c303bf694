package io.dynamodbtoolkit.springdata.rentals;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A state row: {@code TX}. */
@TypeAlias("state")
public record State(String state, String name, @Version Long version) implements RentalRow {
}
