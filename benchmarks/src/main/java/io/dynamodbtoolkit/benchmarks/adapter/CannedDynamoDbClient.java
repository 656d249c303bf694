package io.dynamodbtoolkit.benchmarks.adapter;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

/**
 * A transport that answers in the same thread with canned responses: PutItem succeeds, GetItem returns one stored
 * item. Both clients under comparison call it, so what is measured is their own mapping and request building.
 * It keeps the last request so that building it cannot be optimized away.
 */
final class CannedDynamoDbClient implements DynamoDbClient {

    private static final PutItemResponse PUT_OK = PutItemResponse.builder().build();

    private final GetItemResponse getResponse;
    private Object lastRequest;

    /** @param storedItem what every GetItem returns */
    CannedDynamoDbClient(Map<String, AttributeValue> storedItem) {
        this.getResponse = GetItemResponse.builder().item(storedItem).build();
    }

    @Override
    public PutItemResponse putItem(PutItemRequest request) {
        lastRequest = request;
        return PUT_OK;
    }

    @Override
    public GetItemResponse getItem(GetItemRequest request) {
        lastRequest = request;
        return getResponse;
    }

    /** @return the last request received */
    Object lastRequest() {
        return lastRequest;
    }

    @Override
    public String serviceName() {
        return SERVICE_NAME;
    }

    @Override
    public void close() {
        // nothing to release
    }
}
