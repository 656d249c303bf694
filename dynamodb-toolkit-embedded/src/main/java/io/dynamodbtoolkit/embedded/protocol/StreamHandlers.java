package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.StreamRecord;
import io.dynamodbtoolkit.embedded.engine.StreamRequests;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The DynamoDB Streams API ({@code X-Amz-Target: DynamoDBStreams_20120810.<Operation>}) on the same endpoint:
 * ListStreams, DescribeStream, GetShardIterator, GetRecords, in the shapes the SDKs' streams clients read.
 */
final class StreamHandlers {

    /** The prefix of every DynamoDB Streams target. */
    static final String TARGET_PREFIX = "DynamoDBStreams_20120810.";
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final int MAX_LIST_LIMIT = 100;

    private final DynamoDbEngine engine;

    StreamHandlers(DynamoDbEngine engine) {
        this.engine = engine;
    }

    void register(Map<String, Operation> operations) {
        operations.put("ListStreams", this::listStreams);
        operations.put("DescribeStream", this::describeStream);
        operations.put("GetShardIterator", this::getShardIterator);
        operations.put("GetRecords", this::getRecords);
    }

    private ObjectNode listStreams(JsonRequest request) {
        String tableName = request.has("TableName") ? request.tableName() : null;
        Integer limit = request.integer("Limit");
        if (limit != null && (limit < 1 || limit > MAX_LIST_LIMIT)) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + limit + "' at 'limit' failed to"
                    + " satisfy constraint: Member must have value " + (limit < 1 ? "greater than or equal to 1"
                    : "less than or equal to 100"));
        }
        String start = request.string("ExclusiveStartStreamArn");
        Arns.StreamName startName = start == null ? null : Arns.streamName(start);
        List<StreamRequests.StreamSummary> streams = engine.listStreams(tableName,
                startName == null ? null : startName.tableName(), startName == null ? null : startName.label());
        int pageSize = limit == null ? MAX_LIST_LIMIT : limit;
        ObjectNode response = NODES.objectNode();
        ArrayNode array = response.putArray("Streams");
        for (StreamRequests.StreamSummary stream : streams.subList(0, Math.min(pageSize, streams.size()))) {
            ObjectNode entry = array.addObject();
            entry.put("StreamArn", Arns.stream(request.region(), stream.tableName(), stream.label()));
            entry.put("TableName", stream.tableName());
            entry.put("StreamLabel", stream.label());
        }
        if (streams.size() > pageSize) {
            StreamRequests.StreamSummary last = streams.get(pageSize - 1);
            response.put("LastEvaluatedStreamArn", Arns.stream(request.region(), last.tableName(), last.label()));
        }
        return response;
    }

    private ObjectNode describeStream(JsonRequest request) {
        String arn = request.requiredString("StreamArn", "streamArn");
        Arns.StreamName name = Arns.streamName(arn);
        StreamRequests.StreamDescription stream = onStream(arn, () -> engine.describeStream(name.tableName(),
                name.label()));
        ObjectNode response = NODES.objectNode();
        ObjectNode description = response.putObject("StreamDescription");
        description.put("StreamArn", arn);
        description.put("StreamLabel", stream.label());
        description.put("StreamStatus", stream.enabled() ? "ENABLED" : "DISABLED");
        description.put("StreamViewType", stream.viewType().name());
        description.put("CreationRequestDateTime", stream.created().toEpochMilli() / 1000.0);
        description.put("TableName", stream.tableName());
        description.set("KeySchema", TableDescriptionEncoder.keySchema(stream.keySchema()));
        ArrayNode shards = description.putArray("Shards");
        if (!stream.shardId().equals(request.string("ExclusiveStartShardId"))) {
            ObjectNode shard = shards.addObject();
            shard.put("ShardId", stream.shardId());
            ObjectNode range = shard.putObject("SequenceNumberRange");
            range.put("StartingSequenceNumber", SequenceNumbers.format(stream.startingSequence()));
            if (stream.endingSequence() != null) {
                range.put("EndingSequenceNumber", SequenceNumbers.format(stream.endingSequence()));
            }
        }
        return response;
    }

    private ObjectNode getShardIterator(JsonRequest request) {
        String arn = request.requiredString("StreamArn", "streamArn");
        Arns.StreamName name = Arns.streamName(arn);
        String shardId = request.requiredString("ShardId", "shardId");
        StreamRequests.ShardIteratorType type = request.optionalEnumValue("ShardIteratorType",
                "shardIteratorType", StreamRequests.ShardIteratorType.class);
        if (type == null) {
            throw DynamoDbException.validation("1 validation error detected: Value null at 'shardIteratorType' failed"
                    + " to satisfy constraint: Member must not be null");
        }
        String sequence = request.string("SequenceNumber");
        Long position = sequence == null ? null : SequenceNumbers.parse(sequence);
        String iterator = onStream(arn, () -> engine.shardIterator(name.tableName(), name.label(), shardId, type,
                position));
        ObjectNode response = NODES.objectNode();
        response.put("ShardIterator", iterator);
        return response;
    }

    private ObjectNode getRecords(JsonRequest request) {
        String iterator = request.requiredString("ShardIterator", "shardIterator");
        StreamRequests.RecordsPage page = engine.records(iterator, request.integer("Limit"));
        ObjectNode response = NODES.objectNode();
        ArrayNode records = response.putArray("Records");
        for (StreamRecord record : page.records()) {
            records.add(encode(record, request.region()));
        }
        if (page.nextIterator() != null) {
            response.put("NextShardIterator", page.nextIterator());
        }
        return response;
    }

    private static ObjectNode encode(StreamRecord record, String region) {
        ObjectNode node = NODES.objectNode();
        node.put("eventID", record.eventId());
        node.put("eventName", record.eventName());
        node.put("eventVersion", "1.1");
        node.put("eventSource", "aws:dynamodb");
        node.put("awsRegion", region);
        ObjectNode change = node.putObject("dynamodb");
        change.put("ApproximateCreationDateTime", record.createdAt());
        change.set("Keys", AttributeValueCodec.encodeItem(record.keys()));
        if (record.newImage() != null) {
            change.set("NewImage", AttributeValueCodec.encodeItem(record.newImage()));
        }
        if (record.oldImage() != null) {
            change.set("OldImage", AttributeValueCodec.encodeItem(record.oldImage()));
        }
        change.put("SequenceNumber", SequenceNumbers.format(record.sequenceNumber()));
        change.put("SizeBytes", record.sizeBytes());
        change.put("StreamViewType", record.viewType().name());
        if (record.byService()) {
            ObjectNode identity = node.putObject("userIdentity");
            identity.put("PrincipalId", "dynamodb.amazonaws.com");
            identity.put("Type", "Service");
        }
        return node;
    }

    /** Runs an operation on the stream of the ARN, naming the ARN as DynamoDB does when there is no such stream. */
    private static <T> T onStream(String arn, Supplier<T> operation) {
        try {
            return operation.get();
        } catch (DynamoDbException e) {
            if (e.code() == ErrorCode.RESOURCE_NOT_FOUND && "Requested resource not found".equals(e.getMessage())) {
                throw new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND,
                        "Requested resource not found: Stream: " + arn + " not found");
            }
            throw e;
        }
    }

    /** Sequence numbers as the Streams API writes them: decimal strings of 21 digits. */
    static final class SequenceNumbers {
        private SequenceNumbers() {
        }

        static String format(long sequence) {
            return String.format("%021d", sequence);
        }

        static long parse(String text) {
            if (text.isEmpty() || text.length() > 21 || !text.chars().allMatch(Character::isDigit)) {
                throw DynamoDbException.validation("Invalid SequenceNumber: " + text);
            }
            return Long.parseLong(text);
        }
    }
}
