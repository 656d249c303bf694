package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The stream of a table from one enabling to its disabling (re-enabling makes a new stream with a new label): one
 * shard of records, kept 24 hours, readable for 24 hours after the stream is disabled. Guarded by the catalog lock
 * (appended under the write lock).
 */
final class TableStream {

    static final Duration RETENTION = Duration.ofHours(24);

    private final String tableName;
    private final String label;
    private final StreamViewType viewType;
    private final KeySchema keySchema;
    private final Instant created;
    private final String shardId;
    private final long startingSequence;
    private final List<StreamRecord> records = new ArrayList<>();
    private @Nullable Long endingSequence;
    private @Nullable Instant disabledAt;
    private long trimmedThrough;

    TableStream(String tableName, String label, StreamViewType viewType, KeySchema keySchema, Instant created,
                String shardId, long startingSequence) {
        this.tableName = tableName;
        this.label = label;
        this.viewType = viewType;
        this.keySchema = keySchema;
        this.created = created;
        this.shardId = shardId;
        this.startingSequence = startingSequence;
        this.trimmedThrough = startingSequence - 1;
    }

    String tableName() {
        return tableName;
    }

    String label() {
        return label;
    }

    StreamViewType viewType() {
        return viewType;
    }

    KeySchema keySchema() {
        return keySchema;
    }

    Instant created() {
        return created;
    }

    String shardId() {
        return shardId;
    }

    long startingSequence() {
        return startingSequence;
    }

    /** The last sequence number of the closed shard, or {@code null} while the stream is enabled. */
    @Nullable Long endingSequence() {
        return endingSequence;
    }

    boolean enabled() {
        return disabledAt == null;
    }

    void append(StreamRecord record) {
        records.add(record);
    }

    /** Closes the shard: no record follows {@code lastSequence}. */
    void disable(long lastSequence, Instant at) {
        if (disabledAt == null) {
            endingSequence = Math.max(lastSequence, startingSequence);
            disabledAt = at;
        }
    }

    /** Whether the stream was disabled more than 24 hours ago (and so is gone). */
    boolean expired(Instant now) {
        return disabledAt != null && !now.isBefore(disabledAt.plus(RETENTION));
    }

    /** Drops the records older than 24 hours. Call under the write lock. */
    void trim(Instant now) {
        long horizon = now.minus(RETENTION).getEpochSecond();
        int old = 0;
        while (old < records.size() && records.get(old).createdAt() < horizon) {
            trimmedThrough = records.get(old).sequenceNumber();
            old++;
        }
        records.subList(0, old).clear();
    }

    /**
     * The newest sequence number no longer readable (its record dropped or older than 24 hours), or
     * {@code startingSequence - 1} when every record is readable: a TRIM_HORIZON iterator starts just after it.
     */
    long expiredThrough(Instant now) {
        long horizon = now.minus(RETENTION).getEpochSecond();
        long through = trimmedThrough;
        for (StreamRecord record : records) {
            if (record.createdAt() >= horizon) {
                break;
            }
            through = record.sequenceNumber();
        }
        return through;
    }

    /** Whether a record with this sequence number is (or was) in the shard. */
    boolean contains(long sequence) {
        for (StreamRecord record : records) {
            if (record.sequenceNumber() == sequence) {
                return true;
            }
        }
        return false;
    }

    /** Up to {@code limit} records from sequence number {@code from} on, leaving out those older than 24 hours. */
    List<StreamRecord> read(long from, int limit, Instant now) {
        long horizon = now.minus(RETENTION).getEpochSecond();
        List<StreamRecord> page = new ArrayList<>();
        int index = firstAtOrAfter(from);
        for (int i = index; i < records.size() && page.size() < limit; i++) {
            StreamRecord record = records.get(i);
            if (record.createdAt() >= horizon) {
                page.add(record);
            }
        }
        return page;
    }

    /** Whether records at or after {@code from} remain to be read. */
    boolean hasRecordsFrom(long from) {
        return firstAtOrAfter(from) < records.size();
    }

    private int firstAtOrAfter(long sequence) {
        int low = 0;
        int high = records.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (records.get(middle).sequenceNumber() < sequence) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
