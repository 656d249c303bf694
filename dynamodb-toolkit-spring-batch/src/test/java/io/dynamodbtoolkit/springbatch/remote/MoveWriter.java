package io.dynamodbtoolkit.springbatch.remote;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The test's own move writer (until the module's writers exist): copies every item of the chunk from partition key
 * {@code src#...} to {@code dst#...} (the same copy when a crashed run made it already), then deletes the sources.
 * An optional pause per chunk stretches the run so that a worker can be killed in the middle of it.
 */
final class MoveWriter implements ItemWriter<Map<String, AttributeValue>> {

    private final DynamoDbClient client;
    private final String table;
    private final long pauseMillis;

    MoveWriter(DynamoDbClient client, String table, long pauseMillis) {
        this.client = client;
        this.table = table;
        this.pauseMillis = pauseMillis;
    }

    static String target(String sourceKey) {
        return "dst#" + sourceKey.substring("src#".length());
    }

    @Override
    public void write(Chunk<? extends Map<String, AttributeValue>> chunk) throws InterruptedException {
        List<WriteRequest> copies = new ArrayList<>();
        List<WriteRequest> deletes = new ArrayList<>();
        for (Map<String, AttributeValue> item : chunk) {
            Map<String, AttributeValue> copy = new HashMap<>(item);
            copy.put("pk", AttributeValue.fromS(target(item.get("pk").s())));
            copies.add(WriteRequest.builder().putRequest(PutRequest.builder().item(copy).build()).build());
            deletes.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                    .key(Map.of("pk", item.get("pk"), "sk", item.get("sk"))).build()).build());
        }
        writeAll(copies);
        writeAll(deletes);
        if (pauseMillis > 0) {
            Thread.sleep(pauseMillis);
        }
    }

    private void writeAll(List<WriteRequest> requests) {
        for (int from = 0; from < requests.size(); from += 25) {
            List<WriteRequest> batch = requests.subList(from, Math.min(from + 25, requests.size()));
            while (!batch.isEmpty()) {
                List<WriteRequest> sent = batch;
                BatchWriteItemResponse response = client.batchWriteItem(b -> b.requestItems(Map.of(table, sent)));
                batch = response.unprocessedItems().getOrDefault(table, List.of());
            }
        }
    }
}
