package io.dynamodbtoolkit.sample.reactive;

import java.math.BigDecimal;

/**
 * A vehicle to add to a facility.
 *
 * @param vin       its vehicle identification number
 * @param make      the maker
 * @param dailyRate the price of a day, in dollars
 */
public record NewVehicle(String vin, String make, BigDecimal dailyRate) {

    /** @return the vehicle row at a facility */
    RentalRow.Vehicle at(String state, String facility) {
        return new RentalRow.Vehicle(state, facility, vin, make, dailyRate, null);
    }
}
