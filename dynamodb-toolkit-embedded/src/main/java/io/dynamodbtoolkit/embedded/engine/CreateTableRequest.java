package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.DataType;

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
 */
public record CreateTableRequest(String tableName, List<KeyElement> keySchema,
                                 Map<String, DataType> attributeDefinitions, List<IndexRequest> localIndexes,
                                 List<IndexRequest> globalIndexes, BillingMode billingMode, Throughput throughput) {
}
