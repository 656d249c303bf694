package io.dynamodbtoolkit.test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * A BatchGetItem call split by an unprocessed-keys fault: the keys that go to the server, and those returned as
 * UnprocessedKeys (with the table's projection and consistency settings) without being read.
 */
final class BatchGetSplit {

    private final BatchGetItemRequest request;
    private final Map<String, List<Map<String, AttributeValue>>> sent;
    private final Map<String, List<Map<String, AttributeValue>>> withheld;

    private BatchGetSplit(BatchGetItemRequest request, Map<String, List<Map<String, AttributeValue>>> sent,
            Map<String, List<Map<String, AttributeValue>>> withheld) {
        this.request = request;
        this.sent = sent;
        this.withheld = withheld;
    }

    /** Plans the split, or returns null when the request has no keys (nothing to withhold). */
    static @Nullable BatchGetSplit plan(BatchGetItemRequest request, SplittableRandom random) {
        int size = request.requestItems().values().stream().mapToInt(table -> table.keys().size()).sum();
        if (size == 0) {
            return null;
        }
        boolean[] withheldPositions = PartialBatch.withheldPositions(size, random);
        Map<String, List<Map<String, AttributeValue>>> sent = new LinkedHashMap<>();
        Map<String, List<Map<String, AttributeValue>>> withheld = new LinkedHashMap<>();
        int position = 0;
        for (Map.Entry<String, KeysAndAttributes> table : request.requestItems().entrySet()) {
            for (Map<String, AttributeValue> key : table.getValue().keys()) {
                Map<String, List<Map<String, AttributeValue>>> target = withheldPositions[position++] ? withheld : sent;
                target.computeIfAbsent(table.getKey(), name -> new ArrayList<>()).add(key);
            }
        }
        return new BatchGetSplit(request, sent, withheld);
    }

    /** Reads the kept keys (if any) and adds the withheld ones to the response's UnprocessedKeys. */
    BatchGetItemResponse execute(DynamoDbClient delegate) {
        if (sent.isEmpty()) {
            return BatchGetItemResponse.builder().responses(Map.of()).unprocessedKeys(withTableSettings(withheld))
                    .build();
        }
        BatchGetItemResponse response = delegate.batchGetItem(request.toBuilder()
                .requestItems(withTableSettings(sent)).build());
        Map<String, List<Map<String, AttributeValue>>> unprocessed = new LinkedHashMap<>();
        response.unprocessedKeys().forEach((table, keys) -> unprocessed.put(table, new ArrayList<>(keys.keys())));
        withheld.forEach((table, keys) -> unprocessed.computeIfAbsent(table, name -> new ArrayList<>()).addAll(keys));
        return response.toBuilder().unprocessedKeys(withTableSettings(unprocessed)).build();
    }

    /** Keys per table wrapped with that table's original projection, consistency and expression names. */
    private Map<String, KeysAndAttributes> withTableSettings(Map<String, List<Map<String, AttributeValue>>> keys) {
        Map<String, KeysAndAttributes> result = new LinkedHashMap<>();
        keys.forEach((table, tableKeys) ->
                result.put(table, settingsOf(table).toBuilder().keys(tableKeys).build()));
        return result;
    }

    private KeysAndAttributes settingsOf(String table) {
        return Objects.requireNonNull(request.requestItems().get(table),
                "withheld keys come from the request's tables");
    }
}
