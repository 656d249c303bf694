package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.Objects;

/**
 * The StreamSpecification of a CreateTable or UpdateTable.
 *
 * @param enabled  whether the table has a stream
 * @param viewType what its records carry; {@code null} when disabled
 */
public record StreamSpecification(boolean enabled, @Nullable StreamViewType viewType) {

    /** The view type of an enabled, checked setting (a table's own: the engine refuses an enabled one without). */
    public StreamViewType requiredViewType() {
        return Objects.requireNonNull(viewType, "an enabled stream setting has a view type");
    }
}
