package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * An UpdateTable request.
 *
 * @param tableName            table name
 * @param attributeDefinitions AttributeDefinitions for new index keys (may be empty)
 * @param billingMode          new billing mode, or {@code null}
 * @param throughput           new ProvisionedThroughput, or {@code null}
 * @param createIndexes        global indexes to create (and backfill)
 * @param deleteIndexes        names of global indexes to delete
 * @param updateIndexes        new throughput per existing global index
 * @param stream               a new StreamSpecification, or {@code null}
 */
public record UpdateTableRequest(String tableName, Map<String, DataType> attributeDefinitions,
                                 @Nullable BillingMode billingMode, @Nullable Throughput throughput,
                                 List<IndexRequest> createIndexes,
                                 List<String> deleteIndexes, Map<String, Throughput> updateIndexes,
                                 @Nullable StreamSpecification stream) {
}
