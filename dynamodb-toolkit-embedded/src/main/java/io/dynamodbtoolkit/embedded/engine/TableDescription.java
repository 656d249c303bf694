package io.dynamodbtoolkit.embedded.engine;

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
 */
public record TableDescription(TableDefinition definition, TableStatus status, long itemCount, long sizeBytes,
                               Map<String, Long> indexCounts, Map<String, Long> indexSizes,
                               List<String> creatingIndexes) {

    /** The same description with another status. */
    TableDescription withStatus(TableStatus newStatus) {
        return new TableDescription(definition, newStatus, itemCount, sizeBytes, indexCounts, indexSizes,
                creatingIndexes);
    }
}
