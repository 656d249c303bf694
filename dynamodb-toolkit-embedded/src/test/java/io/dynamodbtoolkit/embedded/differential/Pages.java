package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Every page of a Query or Scan put together, as canonical text: the pages themselves are not compared, since moto
 * gives no LastEvaluatedKey when a page ends at Limit on the last item (DynamoDB does, with an empty page after).
 */
final class Pages {

    private static final int MAX_PAGES = 500;

    private Pages() {
    }

    /** One page: its items, counts and where the next one starts. */
    private record Page(List<Map<String, AttributeValue>> items, int count, int scanned,
                        Map<String, AttributeValue> next) {
    }

    /** All pages of a query: items (in order unless {@code unordered}), total Count and ScannedCount. */
    static String query(DynamoDbClient client, QueryRequest request, boolean unordered) {
        return all(start -> {
            QueryResponse response = client.query(request.toBuilder().exclusiveStartKey(start).build());
            return new Page(response.items(), response.count(), response.scannedCount(),
                    next(response.hasLastEvaluatedKey(), response.lastEvaluatedKey()));
        }, unordered);
    }

    /** All pages of a scan: items (in any order), total Count and ScannedCount. */
    static String scan(DynamoDbClient client, ScanRequest request) {
        return all(start -> {
            ScanResponse response = client.scan(request.toBuilder().exclusiveStartKey(start).build());
            return new Page(response.items(), response.count(), response.scannedCount(),
                    next(response.hasLastEvaluatedKey(), response.lastEvaluatedKey()));
        }, true);
    }

    private static String all(Function<Map<String, AttributeValue>, Page> reader, boolean unordered) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int count = 0;
        int scanned = 0;
        Map<String, AttributeValue> start = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            Page read = reader.apply(start);
            items.addAll(read.items());
            count += read.count();
            scanned += read.scanned();
            start = read.next();
            if (start == null) {
                break;
            }
        }
        return "items=" + (unordered ? Canonical.sortedItems(items) : Canonical.items(items)) + " count=" + count
                + " scanned=" + scanned;
    }

    private static Map<String, AttributeValue> next(boolean has, Map<String, AttributeValue> lastEvaluatedKey) {
        return has && !lastEvaluatedKey.isEmpty() ? lastEvaluatedKey : null;
    }
}
