package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * A CreateTable request.
 *
 * @param tableName            table name
 * @param keySchema            KeySchemaElements
 * @param attributeDefinitions AttributeDefinitions in request order
 * @param localIndexes         LocalSecondaryIndexes
 * @param globalIndexes        GlobalSecondaryIndexes
 * @param billingMode          billing mode (PROVISIONED when the request has none)
 * @param throughput           ProvisionedThroughput, or {@code null}
 * @param tags                 Tags, by key (may be empty)
 * @param stream               StreamSpecification, or {@code null}
 */
public record CreateTableRequest(String tableName, List<KeyElement> keySchema,
                                 Map<String, DataType> attributeDefinitions, List<IndexRequest> localIndexes,
                                 List<IndexRequest> globalIndexes, BillingMode billingMode,
                                 @Nullable Throughput throughput, Map<String, String> tags,
                                 @Nullable StreamSpecification stream) {
}
