package io.dynamodbtoolkit.springweb;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** The rows of a test table as DynamoDB holds them, read past the toolkit: what a refused request must leave alone. */
final class RawTable {

    private RawTable() {
    }

    /** @return every item of the table (strongly consistent), in the order of their {@code _sk} */
    static List<Map<String, AttributeValue>> rows(DynamoDbClient client, String table) {
        return client.scanPaginator(ScanRequest.builder().tableName(table).consistentRead(true).build()).items()
                .stream().sorted(Comparator.comparing((Map<String, AttributeValue> item) -> item.get("_sk").s()))
                .toList();
    }

    /** @return the item of a partition value and structural key, or an empty map */
    static Map<String, AttributeValue> row(DynamoDbClient client, String table, String partitionField,
            String partition, String sortKey) {
        return client.getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
                .key(Map.of(partitionField, AttributeValue.fromS(partition), "_sk", AttributeValue.fromS(sortKey)))
                .build()).item();
    }
}
