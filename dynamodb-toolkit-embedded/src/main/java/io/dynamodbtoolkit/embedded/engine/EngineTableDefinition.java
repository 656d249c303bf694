package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The definition of a table: key, attribute definitions, indexes, billing.
 *
 * @param name                 table name
 * @param tableId              a generated id, as DynamoDB describes it
 * @param keySchema            the primary key
 * @param attributeDefinitions the declared types of every key attribute of the table and its indexes
 * @param localIndexes         local secondary indexes
 * @param globalIndexes        global secondary indexes
 * @param billingMode          billing mode
 * @param throughput           provisioned throughput, or {@code null} for PAY_PER_REQUEST
 * @param created              creation time
 */
public record EngineTableDefinition(String name, String tableId, KeySchema keySchema,
                              Map<String, DataType> attributeDefinitions, List<IndexDefinition> localIndexes,
                              List<IndexDefinition> globalIndexes, BillingMode billingMode,
                              @Nullable Throughput throughput, Instant created) {

    public EngineTableDefinition {
        attributeDefinitions = java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(attributeDefinitions));
        localIndexes = List.copyOf(localIndexes);
        globalIndexes = List.copyOf(globalIndexes);
    }

    /** The index of that name, or {@code null}. */
    public @Nullable IndexDefinition index(String indexName) {
        for (IndexDefinition index : localIndexes) {
            if (index.name().equals(indexName)) {
                return index;
            }
        }
        for (IndexDefinition index : globalIndexes) {
            if (index.name().equals(indexName)) {
                return index;
            }
        }
        return null;
    }

    /** A copy with other global indexes, attribute definitions, billing and throughput. */
    public EngineTableDefinition with(List<IndexDefinition> newGlobalIndexes, Map<String, DataType> newDefinitions,
                                BillingMode newBillingMode, @Nullable Throughput newThroughput) {
        return new EngineTableDefinition(name, tableId, keySchema, newDefinitions, localIndexes, newGlobalIndexes,
                newBillingMode, newThroughput, created);
    }
}
