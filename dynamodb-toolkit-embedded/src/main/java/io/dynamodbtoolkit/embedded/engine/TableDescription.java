package io.dynamodbtoolkit.embedded.engine;

import java.util.Map;

/**
 * A table as DescribeTable shows it.
 *
 * @param definition   its definition
 * @param status       {@code ACTIVE} or {@code DELETING}
 * @param itemCount    number of items
 * @param sizeBytes    total item size
 * @param indexCounts  item count per index
 * @param indexSizes   size in bytes per index
 */
public record TableDescription(EngineTableDefinition definition, String status, long itemCount, long sizeBytes,
                               Map<String, Long> indexCounts, Map<String, Long> indexSizes) {
}
