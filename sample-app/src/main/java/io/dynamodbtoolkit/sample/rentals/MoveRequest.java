package io.dynamodbtoolkit.sample.rentals;

import jakarta.validation.constraints.NotBlank;

/**
 * Where to move a vehicle.
 *
 * @param toFacility the facility it moves to, in the same state
 */
public record MoveRequest(@NotBlank String toFacility) {
}
