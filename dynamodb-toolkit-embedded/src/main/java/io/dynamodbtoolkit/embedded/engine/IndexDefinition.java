package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * A secondary index of a table.
 *
 * @param name             the index name
 * @param global           true for a global secondary index, false for a local one
 * @param keySchema        the index key
 * @param projectionType   which attributes the index copies
 * @param nonKeyAttributes the attributes an INCLUDE projection adds (empty otherwise)
 * @param throughput       provisioned throughput of a GSI on a provisioned table, else {@code null}
 */
public record IndexDefinition(String name, boolean global, KeySchema keySchema, ProjectionType projectionType,
                              List<String> nonKeyAttributes, @Nullable Throughput throughput) {

    public IndexDefinition {
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }
}
