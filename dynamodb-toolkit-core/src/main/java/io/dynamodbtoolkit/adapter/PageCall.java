package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * One page's request, a Query or a Scan, built by a {@link PageSource} and sent by an executor: on the blocking
 * client ({@link #sendWith(DynamoDbClient)}) or the asynchronous one ({@link #sendWith(DynamoDbAsyncClient)}); both
 * read the response into the same {@link PageSource.Page}.
 */
sealed interface PageCall {

    /** @return the page, sent on the blocking client */
    PageSource.Page sendWith(DynamoDbClient client);

    /** @return the page, sent on the asynchronous client */
    CompletableFuture<PageSource.Page> sendWith(DynamoDbAsyncClient client);

    /** A Query page. */
    record Query(QueryRequest request) implements PageCall {

        @Override
        public PageSource.Page sendWith(DynamoDbClient client) {
            return page(client.query(request));
        }

        @Override
        public CompletableFuture<PageSource.Page> sendWith(DynamoDbAsyncClient client) {
            return client.query(request).thenApply(Query::page);
        }

        private static PageSource.Page page(QueryResponse response) {
            return new PageSource.Page(response.items(), emptyToNull(response.lastEvaluatedKey()), response.count(),
                    response.scannedCount(), units(response.consumedCapacity()));
        }
    }

    /** A Scan page. */
    record Scan(ScanRequest request) implements PageCall {

        @Override
        public PageSource.Page sendWith(DynamoDbClient client) {
            return page(client.scan(request));
        }

        @Override
        public CompletableFuture<PageSource.Page> sendWith(DynamoDbAsyncClient client) {
            return client.scan(request).thenApply(Scan::page);
        }

        private static PageSource.Page page(ScanResponse response) {
            return new PageSource.Page(response.items(), emptyToNull(response.lastEvaluatedKey()), response.count(),
                    response.scannedCount(), units(response.consumedCapacity()));
        }
    }

    private static @Nullable Map<String, AttributeValue> emptyToNull(@Nullable Map<String, AttributeValue> key) {
        return key == null || key.isEmpty() ? null : key;
    }

    private static double units(ConsumedCapacity capacity) {
        return capacity == null || capacity.capacityUnits() == null ? Double.NaN : capacity.capacityUnits();
    }
}
