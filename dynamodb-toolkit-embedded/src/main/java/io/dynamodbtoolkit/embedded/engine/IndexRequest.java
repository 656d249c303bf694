package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * A secondary index as a CreateTable or UpdateTable request declares it.
 *
 * @param name             index name
 * @param keySchema        its KeySchemaElements, in request order
 * @param projectionType   the projection type
 * @param nonKeyAttributes NonKeyAttributes of an INCLUDE projection, else empty
 * @param throughput       the index's ProvisionedThroughput, or {@code null}
 */
public record IndexRequest(String name, List<KeyElement> keySchema, ProjectionType projectionType,
                           List<String> nonKeyAttributes, @Nullable Throughput throughput) {

    public IndexRequest {
        keySchema = List.copyOf(keySchema);
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }
}
