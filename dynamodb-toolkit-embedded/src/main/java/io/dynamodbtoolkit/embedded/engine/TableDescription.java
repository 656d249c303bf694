package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * A table as DescribeTable shows it.
 *
 * @param definition   its definition
 * @param status          its status
 * @param itemCount       number of items
 * @param sizeBytes       total item size
 * @param indexCounts     item count per index
 * @param indexSizes      size in bytes per index
 * @param creatingIndexes global indexes still CREATING (backfilling)
 * @param stream          the stream setting: enabled with its view type, or disabled
 * @param latestStream    the label of the table's latest stream (enabled or not), or {@code null} when it never
 *                        had one
 */
public record TableDescription(EngineTableDefinition definition, TableStatus status, long itemCount, long sizeBytes,
                               Map<String, Long> indexCounts, Map<String, Long> indexSizes,
                               List<String> creatingIndexes, StreamSpecification stream,
                               @Nullable String latestStream) {

    /** The same description with another status. */
    TableDescription withStatus(TableStatus newStatus) {
        return new TableDescription(definition, newStatus, itemCount, sizeBytes, indexCounts, indexSizes,
                creatingIndexes, stream, latestStream);
    }
}
