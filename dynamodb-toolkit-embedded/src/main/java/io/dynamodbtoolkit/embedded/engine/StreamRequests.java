package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.List;

/** The answers of the DynamoDB Streams API. */
public final class StreamRequests {

    private StreamRequests() {
    }

    /** The iterator types of GetShardIterator. */
    public enum ShardIteratorType {
        TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER
    }

    /** A stream, as ListStreams names it. */
    public record StreamSummary(String tableName, String label) {
    }

    /**
     * A stream, as DescribeStream describes it (one shard).
     *
     * @param endingSequence the last sequence number of the closed shard, or {@code null} while it is open
     */
    public record StreamDescription(String tableName, String label, boolean enabled, StreamViewType viewType,
                                    Instant created, KeySchema keySchema, String shardId, long startingSequence,
                                    @Nullable Long endingSequence) {
    }

    /**
     * A page of GetRecords.
     *
     * @param records      the records, oldest first
     * @param nextIterator where to read on, or {@code null} when the shard is closed and read to its end
     */
    public record RecordsPage(List<StreamRecord> records, @Nullable String nextIterator) {
    }
}
