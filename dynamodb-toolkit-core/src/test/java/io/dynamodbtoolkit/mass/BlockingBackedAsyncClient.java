package io.dynamodbtoolkit.mass;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * An asynchronous client whose calls go to a blocking one (the tests' fault-injecting, crashing or proxied clients,
 * over HTTP to the real server) on a pool, completing their futures there, as the SDK completes them in its own
 * threads: so the asynchronous mass engine meets the same faults as the blocking one in the same tests. Covers the
 * operations the mass engine calls.
 */
final class BlockingBackedAsyncClient implements DynamoDbAsyncClient {

    private final DynamoDbClient calls;
    private final Executor pool;

    BlockingBackedAsyncClient(DynamoDbClient calls, Executor pool) {
        this.calls = calls;
        this.pool = pool;
    }

    @Override
    public CompletableFuture<QueryResponse> query(QueryRequest request) {
        return forward(() -> calls.query(request));
    }

    @Override
    public CompletableFuture<ScanResponse> scan(ScanRequest request) {
        return forward(() -> calls.scan(request));
    }

    @Override
    public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
        return forward(() -> calls.getItem(request));
    }

    @Override
    public CompletableFuture<PutItemResponse> putItem(PutItemRequest request) {
        return forward(() -> calls.putItem(request));
    }

    @Override
    public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
        return forward(() -> calls.updateItem(request));
    }

    @Override
    public CompletableFuture<DeleteItemResponse> deleteItem(DeleteItemRequest request) {
        return forward(() -> calls.deleteItem(request));
    }

    @Override
    public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
        return forward(() -> calls.batchGetItem(request));
    }

    @Override
    public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
        return forward(() -> calls.batchWriteItem(request));
    }

    @Override
    public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
        return forward(() -> calls.transactWriteItems(request));
    }

    private <R> CompletableFuture<R> forward(Supplier<R> call) {
        return CompletableFuture.supplyAsync(call, pool);
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
        // the blocking client and the pool belong to the test
    }
}
