package io.dynamodbtoolkit.sample.rentals;

import java.math.BigDecimal;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * A vehicle to add to a facility.
 *
 * @param vin       its vehicle identification number
 * @param make      the maker
 * @param model     the model
 * @param dailyRate the price of a day, in dollars
 */
public record NewVehicle(@NotBlank @Size(max = 17) String vin, @NotBlank String make, @NotBlank String model,
        @Positive BigDecimal dailyRate) {

    /** @return the vehicle row at a facility */
    Vehicle at(String state, String facility) {
        return new Vehicle(state, facility, vin, make, model, dailyRate, null);
    }
}
