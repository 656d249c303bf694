package io.dynamodbtoolkit.sample.rentals;

import java.math.BigDecimal;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/**
 * A vehicle row ({@code TX|Dallas|1HGC001}).
 *
 * @param state     the state code
 * @param facility  the facility it is based at
 * @param vin       its vehicle identification number
 * @param make      the maker
 * @param model     the model
 * @param dailyRate the price of a day, in dollars
 * @param version   the optimistic-locking version (null before the first write)
 */
@TypeAlias("vehicle")
public record Vehicle(String state, String facility, String vin, String make, String model, BigDecimal dailyRate,
        @Version Long version) implements RentalRow {
}
