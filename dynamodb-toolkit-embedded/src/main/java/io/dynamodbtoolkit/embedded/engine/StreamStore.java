package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.Items;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The streams of one engine: enabled and disabled (kept 24 hours), by table and label, and the records every
 * committed change adds to its table's enabled stream (none when an item is written unchanged, as in DynamoDB).
 * Guarded by the catalog lock.
 */
final class StreamStore implements ChangeListener {

    private final Clock clock;
    private final Map<String, TableStream> streams = new TreeMap<>();
    private long lastSequence;

    StreamStore(Clock clock) {
        this.clock = clock;
    }

    /** Gives the table a new enabled stream of this view type. Call under the write lock. */
    TableStream enable(Table table, StreamViewType viewType) {
        purge();
        Instant now = clock.instant();
        String label = StreamLabel.FORMAT.format(LocalDateTime.ofInstant(now, ZoneOffset.UTC));
        for (Instant at = now; streams.containsKey(key(table.name(), label)); ) {
            at = at.plusMillis(1);
            label = StreamLabel.FORMAT.format(LocalDateTime.ofInstant(at, ZoneOffset.UTC));
        }
        String shardId = "shardId-" + String.format("%020d", now.toEpochMilli()) + "-"
                + String.format("%08x", ThreadLocalRandom.current().nextInt());
        TableStream stream = new TableStream(table.name(), label, viewType, table.definition().keySchema(), now,
                shardId, lastSequence + 1);
        streams.put(key(table.name(), label), stream);
        table.latestStream(stream);
        return stream;
    }

    /** Disables the table's stream (its records stay readable 24 hours). Call under the write lock. */
    void disable(Table table) {
        TableStream stream = table.latestStream();
        if (stream != null) {
            stream.disable(lastSequence, clock.instant());
        }
    }

    @Override
    public void itemChanged(Table table, @Nullable StoredItem before, @Nullable StoredItem after, boolean byService) {
        TableStream stream = table.latestStream();
        StoredItem changed = after != null ? after : before;
        if (stream == null || !stream.enabled() || changed == null
                || (before != null && after != null && before.attributes().equals(after.attributes()))) {
            return;
        }
        StreamViewType viewType = stream.viewType();
        Map<String, AttributeValue> keys = table.keyOf(changed.attributes());
        Map<String, AttributeValue> oldImage = viewType.hasOldImage() && before != null ? before.attributes() : null;
        Map<String, AttributeValue> newImage = viewType.hasNewImage() && after != null ? after.attributes() : null;
        String eventName = before == null ? "INSERT" : after == null ? "REMOVE" : "MODIFY";
        int size = Items.size(keys) + Items.size(oldImage) + Items.size(newImage);
        Instant now = clock.instant();
        stream.append(new StreamRecord(++lastSequence, UUID.randomUUID().toString().replace("-", ""), eventName, keys,
                oldImage, newImage, now.getEpochSecond(), size, viewType, byService));
        stream.trim(now);
    }

    /** The last sequence number given to a record (or reserved by a shard start). */
    long lastSequence() {
        return lastSequence;
    }

    /** The stream of a table with this label, or {@code null} (also once it is gone, 24 hours after disabling). */
    @Nullable TableStream find(String tableName, String label) {
        TableStream stream = streams.get(key(tableName, label));
        return stream == null || stream.expired(clock.instant()) ? null : stream;
    }

    /** Every stream not yet gone, by table name then label. */
    Collection<TableStream> all() {
        Instant now = clock.instant();
        List<TableStream> live = new ArrayList<>();
        for (TableStream stream : streams.values()) {
            if (!stream.expired(now)) {
                live.add(stream);
            }
        }
        return live;
    }

    /** Forgets streams gone for good (disabled more than 24 hours ago). Call under the write lock. */
    private void purge() {
        Instant now = clock.instant();
        streams.values().removeIf(stream -> stream.expired(now));
    }

    private static String key(String tableName, String label) {
        return tableName + '/' + label;
    }

    /** The label format, in a class of its own so that the formatter is built when a first stream is, not at start. */
    private static final class StreamLabel {
        static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS");
    }
}
