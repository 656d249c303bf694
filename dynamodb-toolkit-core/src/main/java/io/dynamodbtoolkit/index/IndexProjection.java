package io.dynamodbtoolkit.index;

import java.util.List;
import java.util.Objects;

import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * Which attributes an index copies: all, keys only, or keys plus a list.
 *
 * @param type    ALL, KEYS_ONLY or INCLUDE
 * @param include the extra attributes of an INCLUDE projection, else empty
 */
public record IndexProjection(ProjectionType type, List<String> include) {

    /** Every attribute. */
    public static final IndexProjection ALL = new IndexProjection(ProjectionType.ALL, List.of());
    /** The table's and the index's key attributes only: read the items through the table ("indirectly"). */
    public static final IndexProjection KEYS_ONLY = new IndexProjection(ProjectionType.KEYS_ONLY, List.of());

    public IndexProjection {
        Objects.requireNonNull(type, "type");
        include = include == null ? List.of() : List.copyOf(include);
        if (type == ProjectionType.INCLUDE && include.isEmpty()) {
            throw new IllegalArgumentException("An INCLUDE projection needs at least one attribute");
        }
        if (type != ProjectionType.INCLUDE && !include.isEmpty()) {
            throw new IllegalArgumentException("Only an INCLUDE projection lists attributes");
        }
    }

    /** @return keys plus the named attributes */
    public static IndexProjection include(String... attributes) {
        return new IndexProjection(ProjectionType.INCLUDE, List.of(attributes));
    }

    /** @return the SDK form */
    public software.amazon.awssdk.services.dynamodb.model.Projection toSdk() {
        return software.amazon.awssdk.services.dynamodb.model.Projection.builder().projectionType(type)
                .nonKeyAttributes(include.isEmpty() ? null : include).build();
    }
}
