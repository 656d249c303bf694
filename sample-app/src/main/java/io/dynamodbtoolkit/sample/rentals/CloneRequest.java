package io.dynamodbtoolkit.sample.rentals;

import jakarta.validation.constraints.NotBlank;

/**
 * Where to copy a facility and its vehicles.
 *
 * @param toFacility the new facility's name, in the same state
 */
public record CloneRequest(@NotBlank String toFacility) {
}
