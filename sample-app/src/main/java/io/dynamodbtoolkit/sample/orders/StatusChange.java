package io.dynamodbtoolkit.sample.orders;

import jakarta.validation.constraints.NotNull;

/**
 * A new status for an order.
 *
 * @param status the status to move the order to
 */
public record StatusChange(@NotNull OrderStatus status) {
}
