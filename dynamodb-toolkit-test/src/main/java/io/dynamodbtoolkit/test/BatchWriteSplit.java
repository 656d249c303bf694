package io.dynamodbtoolkit.test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A BatchWriteItem call split by an unprocessed-items fault: the write requests that go to the server, and those
 * returned as UnprocessedItems without being sent.
 */
final class BatchWriteSplit {

    private final BatchWriteItemRequest request;
    private final Map<String, List<WriteRequest>> sent;
    private final Map<String, List<WriteRequest>> withheld;

    private BatchWriteSplit(BatchWriteItemRequest request, Map<String, List<WriteRequest>> sent,
            Map<String, List<WriteRequest>> withheld) {
        this.request = request;
        this.sent = sent;
        this.withheld = withheld;
    }

    /** Plans the split, or returns null when the request has no write requests (nothing to withhold). */
    static @Nullable BatchWriteSplit plan(BatchWriteItemRequest request, SplittableRandom random) {
        int size = request.requestItems().values().stream().mapToInt(List::size).sum();
        if (size == 0) {
            return null;
        }
        boolean[] withheldPositions = PartialBatch.withheldPositions(size, random);
        Map<String, List<WriteRequest>> sent = new LinkedHashMap<>();
        Map<String, List<WriteRequest>> withheld = new LinkedHashMap<>();
        int position = 0;
        for (Map.Entry<String, List<WriteRequest>> table : request.requestItems().entrySet()) {
            for (WriteRequest write : table.getValue()) {
                Map<String, List<WriteRequest>> target = withheldPositions[position++] ? withheld : sent;
                target.computeIfAbsent(table.getKey(), name -> new ArrayList<>()).add(write);
            }
        }
        return new BatchWriteSplit(request, sent, withheld);
    }

    /** Sends the kept write requests (if any) and adds the withheld ones to the response's UnprocessedItems. */
    BatchWriteItemResponse execute(DynamoDbClient delegate) {
        if (sent.isEmpty()) {
            return BatchWriteItemResponse.builder().unprocessedItems(withheld).build();
        }
        BatchWriteItemResponse response = delegate.batchWriteItem(request.toBuilder().requestItems(sent).build());
        Map<String, List<WriteRequest>> unprocessed = new LinkedHashMap<>();
        response.unprocessedItems().forEach((table, writes) -> unprocessed.put(table, new ArrayList<>(writes)));
        withheld.forEach((table, writes) ->
                unprocessed.computeIfAbsent(table, name -> new ArrayList<>()).addAll(writes));
        return response.toBuilder().unprocessedItems(unprocessed).build();
    }
}
