package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The DynamoDB Streams API on the engine's streams: ListStreams, DescribeStream, GetShardIterator (every iterator
 * type; iterators expire after 15 minutes, as DynamoDB's do) and GetRecords.
 */
final class StreamOperations {

    static final Duration ITERATOR_LIFETIME = Duration.ofMinutes(15);
    static final int MAX_RECORDS = 1000;

    private final Catalog catalog;

    StreamOperations(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The streams of a table (or of every table when {@code tableName} is null), after the exclusive start. */
    List<StreamRequests.StreamSummary> list(@Nullable String tableName, @Nullable String exclusiveStartTable,
                                            @Nullable String exclusiveStartLabel) {
        return catalog.read(() -> {
            List<StreamRequests.StreamSummary> summaries = new ArrayList<>();
            boolean started = exclusiveStartTable == null;
            for (TableStream stream : catalog.streams().all()) {
                if (tableName != null && !tableName.equals(stream.tableName())) {
                    continue;
                }
                if (started) {
                    summaries.add(new StreamRequests.StreamSummary(stream.tableName(), stream.label()));
                }
                started |= stream.tableName().equals(exclusiveStartTable) && stream.label().equals(exclusiveStartLabel);
            }
            return summaries;
        });
    }

    StreamRequests.StreamDescription describe(String tableName, String label) {
        return catalog.read(() -> {
            TableStream stream = require(tableName, label);
            return new StreamRequests.StreamDescription(stream.tableName(), stream.label(), stream.enabled(),
                    stream.viewType(), stream.created(), stream.keySchema(), stream.shardId(),
                    stream.startingSequence(), stream.endingSequence());
        });
    }

    String iterator(String tableName, String label, String shardId, StreamRequests.ShardIteratorType type,
                    @Nullable Long sequence) {
        return catalog.read(() -> {
            TableStream stream = requireShard(tableName, label, shardId);
            Instant now = catalog.now();
            long position = switch (type) {
                case TRIM_HORIZON -> stream.expiredThrough(now) + 1;
                case LATEST -> stream.endingSequence() != null ? stream.endingSequence() + 1
                        : catalog.streams().lastSequence() + 1;
                case AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER -> {
                    long at = recordAt(stream, type, sequence, now);
                    yield type == StreamRequests.ShardIteratorType.AT_SEQUENCE_NUMBER ? at : at + 1;
                }
            };
            return new ShardIterator(tableName, label, shardId, position, now.toEpochMilli()).encode();
        });
    }

    private static long recordAt(TableStream stream, StreamRequests.ShardIteratorType type, @Nullable Long sequence,
                                 Instant now) {
        if (sequence == null) {
            throw DynamoDbException.validation("A SequenceNumber is required for ShardIteratorType " + type);
        }
        if (sequence >= stream.startingSequence() && sequence <= stream.expiredThrough(now)) {
            throw trimmed();
        }
        if (!stream.contains(sequence)) {
            throw DynamoDbException.validation("Invalid SequenceNumber for ShardIteratorType " + type + ": "
                    + sequence);
        }
        return sequence;
    }

    StreamRequests.RecordsPage records(String iterator, @Nullable Integer limit) {
        if (limit != null && (limit < 1 || limit > MAX_RECORDS)) {
            throw DynamoDbException.validation("1 validation error detected: Value '" + limit + "' at 'limit' failed to"
                    + " satisfy constraint: Member must have value " + (limit < 1 ? "greater than or equal to 1"
                    : "less than or equal to 1000"));
        }
        ShardIterator position = ShardIterator.decode(iterator);
        return catalog.read(() -> {
            Instant now = catalog.now();
            Instant issued = Instant.ofEpochMilli(position.issuedAtMillis());
            if (now.isAfter(issued.plus(ITERATOR_LIFETIME))) {
                throw new DynamoDbException(ErrorCode.EXPIRED_ITERATOR, "Iterator expired. The iterator was created at"
                        + " time " + issued + " while right now it is " + now + " which is further in the future than"
                        + " the tolerated delay of " + ITERATOR_LIFETIME.toMillis() + " milliseconds.");
            }
            TableStream stream = requireShard(position.tableName(), position.label(), position.shardId());
            if (position.position() <= stream.expiredThrough(now)) {
                throw trimmed();
            }
            List<StreamRecord> records = stream.read(position.position(), limit == null ? MAX_RECORDS : limit, now);
            long next = records.isEmpty() ? position.position() : records.get(records.size() - 1).sequenceNumber() + 1;
            boolean finished = !stream.enabled() && !stream.hasRecordsFrom(next);
            String nextIterator = finished ? null
                    : new ShardIterator(position.tableName(), position.label(), position.shardId(), next,
                    now.toEpochMilli()).encode();
            return new StreamRequests.RecordsPage(records, nextIterator);
        });
    }

    private TableStream require(String tableName, String label) {
        TableStream stream = catalog.streams().find(tableName, label);
        if (stream == null) {
            throw DynamoDbException.resourceNotFound();
        }
        return stream;
    }

    private TableStream requireShard(String tableName, String label, String shardId) {
        TableStream stream = require(tableName, label);
        if (!stream.shardId().equals(shardId)) {
            throw new DynamoDbException(ErrorCode.RESOURCE_NOT_FOUND, "Requested resource not found: Shard does not"
                    + " exist");
        }
        return stream;
    }

    private static DynamoDbException trimmed() {
        return new DynamoDbException(ErrorCode.TRIMMED_DATA_ACCESS, "The operation attempted to read past the oldest"
                + " stream record in a shard.");
    }
}
