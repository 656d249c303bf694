package io.dynamodbtoolkit.benchmarks.springdata;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A DynamoDB client answering every Query with the same prepared page, in the same process, so a benchmark measures
 * the code around the call rather than a network or a server.
 */
final class CannedQueryClient implements DynamoDbClient {

    private final QueryResponse page;

    CannedQueryClient(QueryResponse page) {
        this.page = page;
    }

    @Override
    public QueryResponse query(QueryRequest request) {
        return page;
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
