package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A table: its definition, its items sorted by primary key, and one sorted store per secondary index, kept in
 * step on every write. Guarded by the catalog lock.
 */
final class Table {

    private EngineTableDefinition definition;
    private final SortedStore items = new SortedStore();
    private final Map<String, IndexStore> indexes = new LinkedHashMap<>();
    private TimeToLive timeToLive = TimeToLive.DISABLED;
    private final Map<String, String> tags = new TreeMap<>();
    private TableStatus pendingStatus = TableStatus.ACTIVE;
    private @Nullable Instant pendingUntil;
    private final Map<String, Instant> indexesCreatingUntil = new LinkedHashMap<>();
    private final ChangeListener changes;
    private @Nullable TableStream latestStream;

    Table(EngineTableDefinition definition, ChangeListener changes) {
        this.definition = definition;
        this.changes = changes;
        for (IndexDefinition index : definition.localIndexes()) {
            indexes.put(index.name(), new IndexStore(index, definition.keySchema()));
        }
        for (IndexDefinition index : definition.globalIndexes()) {
            indexes.put(index.name(), new IndexStore(index, definition.keySchema()));
        }
    }

    EngineTableDefinition definition() {
        return definition;
    }

    String name() {
        return definition.name();
    }

    SortedStore items() {
        return items;
    }

    @Nullable IndexStore index(String name) {
        return indexes.get(name);
    }

    Collection<IndexStore> indexes() {
        return indexes.values();
    }

    TimeToLive timeToLive() {
        return timeToLive;
    }

    void timeToLive(TimeToLive setting) {
        this.timeToLive = setting;
    }

    /** The table's stream (enabled, or the last one disabled), or {@code null} when it never had one. */
    @Nullable TableStream latestStream() {
        return latestStream;
    }

    void latestStream(TableStream stream) {
        this.latestStream = stream;
    }

    /** The tags of the table, by key. */
    Map<String, String> tags() {
        return tags;
    }

    /** The status at this instant: CREATING or UPDATING until its pending change completes, then ACTIVE. */
    TableStatus status(Instant now) {
        return pendingUntil != null && now.isBefore(pendingUntil) ? pendingStatus : TableStatus.ACTIVE;
    }

    /** Whether the table is still CREATING; reads the clock only while a status is pending. */
    boolean creating(Clock clock) {
        return pendingStatus == TableStatus.CREATING && pendingUntil != null && clock.instant().isBefore(pendingUntil);
    }

    /** Shows the status (CREATING or UPDATING) until the instant, ACTIVE after it. */
    void pending(TableStatus status, Instant until) {
        this.pendingStatus = status;
        this.pendingUntil = until;
    }

    /** Shows the new global index as CREATING (backfilling) until the instant. */
    void indexCreating(String indexName, Instant until) {
        indexesCreatingUntil.put(indexName, until);
    }

    /** The global indexes still shown as CREATING at this instant. */
    List<String> creatingIndexes(Instant now) {
        List<String> creating = new ArrayList<>();
        indexesCreatingUntil.forEach((name, until) -> {
            if (now.isBefore(until) && indexes.containsKey(name)) {
                creating.add(name);
            }
        });
        return creating;
    }

    /** The position of the item with these (validated) primary key attributes. */
    ItemPosition positionOf(Map<String, AttributeValue> keyOrItem) {
        KeySchema key = definition.keySchema();
        List<AttributeValue> partition = new ArrayList<>(1);
        for (KeyAttributeDefinition attribute : key.hashKeys()) {
            partition.add(keyOrItem.get(attribute.name()));
        }
        if (key.rangeKeys().isEmpty()) {
            return new ItemPosition(PartitionKey.of(partition), KeyTuple.EMPTY);
        }
        List<AttributeValue> sort = new ArrayList<>(1);
        for (KeyAttributeDefinition attribute : key.rangeKeys()) {
            sort.add(keyOrItem.get(attribute.name()));
        }
        return new ItemPosition(PartitionKey.of(partition), KeyTuple.of(sort));
    }

    /** Just the primary key attributes of an item. */
    Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (KeyAttributeDefinition attribute : definition.keySchema().all()) {
            key.put(attribute.name(), item.get(attribute.name()));
        }
        return key;
    }

    @Nullable StoredItem get(ItemPosition position) {
        return items.get(position.partition(), position.sort());
    }

    /**
     * Replaces the item at the position (removing it when {@code after} is null) and every index entry, tells the
     * change listener, and returns the write units each index consumed.
     *
     * @param byService whether DynamoDB itself makes the change (a time-to-live deletion) rather than a client
     */
    Map<String, Double> write(ItemPosition position, @Nullable StoredItem before, @Nullable StoredItem after,
                              boolean byService) {
        Map<String, Double> indexUnits = apply(position, before, after);
        changes.itemChanged(this, before, after, byService);
        return indexUnits;
    }

    /**
     * Replaces the item at the position (removing it when {@code after} is null) and every index entry, telling
     * no one (restoring a saved state), and returns the write units each index consumed.
     */
    Map<String, Double> apply(ItemPosition position, @Nullable StoredItem before, @Nullable StoredItem after) {
        if (after == null) {
            items.remove(position.partition(), position.sort());
        } else {
            items.put(position.partition(), position.sort(), after);
        }
        Map<String, Double> indexUnits = new LinkedHashMap<>();
        for (IndexStore index : indexes.values()) {
            double units = index.apply(before, after);
            if (units > 0) {
                indexUnits.put(index.definition().name(), units);
            }
        }
        return indexUnits;
    }

    /** Adds a global index and fills it from the existing items (backfill). */
    void addGlobalIndex(IndexDefinition index, EngineTableDefinition newDefinition) {
        IndexStore store = new IndexStore(index, definition.keySchema());
        for (TreeMap<KeyTuple, StoredItem> partition : items.partitions().values()) {
            for (StoredItem item : partition.values()) {
                store.apply(null, item);
            }
        }
        indexes.put(index.name(), store);
        definition = newDefinition;
    }

    void removeGlobalIndex(String indexName, EngineTableDefinition newDefinition) {
        indexes.remove(indexName);
        definition = newDefinition;
    }

    void redefine(EngineTableDefinition newDefinition) {
        definition = newDefinition;
    }
}
