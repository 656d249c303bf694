package io.dynamodbtoolkit.sample.orders;

import java.math.BigDecimal;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

/**
 * An order to place.
 *
 * @param item  what is ordered
 * @param total what it costs, in dollars
 */
public record NewOrder(@NotBlank String item, @NotNull @Positive BigDecimal total) {
}
