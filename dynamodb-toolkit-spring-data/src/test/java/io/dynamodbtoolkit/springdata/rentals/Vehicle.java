package io.dynamodbtoolkit.springdata.rentals;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;

import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A vehicle row: {@code TX|Dallas|1HGC0001}. */
@TypeAlias("vehicle")
public record Vehicle(String state, String facility, String vin, String make, Color color, BigDecimal dailyRate,
        int seats, Set<String> features, @Version Long version, @CreatedDate Instant createdAt,
        @LastModifiedDate Instant modifiedAt) implements RentalRow {

    /** A paint colour, stored by name. */
    public enum Color { WHITE, BLACK, RED, BLUE }

    /** @return a new vehicle (no version, no audit dates) */
    public static Vehicle of(String state, String facility, String vin, String make, Color color, String rate) {
        return new Vehicle(state, facility, vin, make, color, new BigDecimal(rate), 5, Set.of("gps"), null, null,
                null);
    }

    /** @return a copy with another make */
    public Vehicle withMake(String other) {
        return new Vehicle(state, facility, vin, other, color, dailyRate, seats, features, version, createdAt,
                modifiedAt);
    }

    /** @return a copy with another version */
    public Vehicle withVersion(Long other) {
        return new Vehicle(state, facility, vin, make, color, dailyRate, seats, features, other, createdAt,
                modifiedAt);
    }
}
