package io.dynamodbtoolkit.embedded.engine;

/**
 * The StreamSpecification of a CreateTable or UpdateTable.
 *
 * @param enabled  whether the table has a stream
 * @param viewType what its records carry; {@code null} when disabled
 */
public record StreamSpecification(boolean enabled, StreamViewType viewType) {
}
