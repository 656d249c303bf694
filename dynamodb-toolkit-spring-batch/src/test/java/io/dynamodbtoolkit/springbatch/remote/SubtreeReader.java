package io.dynamodbtoolkit.springbatch.remote;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The test's own partition reader (until the module's readers exist): the items of one partition key, in sort-key
 * order, a page at a time; the sort key of the last item read is kept in the step's execution context, so a
 * restarted partition resumes after the last committed chunk.
 */
final class SubtreeReader implements ItemStreamReader<Map<String, AttributeValue>> {

    static final String PARTITION_KEY = "source";
    private static final String POSITION = "subtree.lastSortKey";

    private final DynamoDbClient client;
    private final String table;
    private final Deque<Map<String, AttributeValue>> page = new ArrayDeque<>();
    private String source;
    private String lastRead;
    private Map<String, AttributeValue> nextPageStart;
    private boolean exhausted;

    SubtreeReader(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    @Override
    public void open(ExecutionContext context) {
        page.clear();
        exhausted = false;
        source = context.getString(PARTITION_KEY);
        lastRead = context.containsKey(POSITION) ? context.getString(POSITION) : null;
        nextPageStart = lastRead == null ? null
                : Map.of("pk", AttributeValue.fromS(source), "sk", AttributeValue.fromS(lastRead));
    }

    @Override
    public Map<String, AttributeValue> read() {
        if (page.isEmpty() && !exhausted) {
            QueryResponse response = client.query(q -> q.tableName(table)
                    .keyConditionExpression("pk = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(source)))
                    .exclusiveStartKey(nextPageStart)
                    .limit(500));
            page.addAll(response.items());
            nextPageStart = response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null;
            exhausted = nextPageStart == null;
        }
        Map<String, AttributeValue> item = page.poll();
        if (item != null) {
            lastRead = item.get("sk").s();
        }
        return item;
    }

    @Override
    public void update(ExecutionContext context) {
        if (lastRead != null) {
            context.putString(POSITION, lastRead);
        }
    }
}
