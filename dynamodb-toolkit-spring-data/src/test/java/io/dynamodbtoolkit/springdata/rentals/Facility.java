package io.dynamodbtoolkit.springdata.rentals;

import java.time.LocalDate;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A facility row: {@code TX|Dallas}. */
@TypeAlias("facility")
public record Facility(String state, String facility, String city, LocalDate openedOn, @Version Long version)
        implements RentalRow {
}
