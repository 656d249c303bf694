package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The storage engine of one embedded DynamoDB: in-memory tables with their indexes, and every operation on them.
 * Thread-safe; instances are independent of each other. This facade only delegates to the classes that implement
 * each group of operations.
 */
public final class DynamoDbEngine {

    private final TableOperations tables;
    private final ItemOperations items;
    private final QueryOperations reads;
    private final BatchOperations batches;
    private final TransactionOperations transactions;
    private final ExpiryService expiry;
    private final StreamOperations streams;
    private final Catalog catalog;

    /**
     * @param clock       the clock for time to live, creation times and status changes
     * @param statusDelay how long a created, updated or deleted table stays CREATING, UPDATING or DELETING (zero:
     *                    it is ACTIVE, or gone, at once)
     */
    public DynamoDbEngine(Clock clock, Duration statusDelay) {
        this.catalog = new Catalog(clock, statusDelay);
        this.tables = new TableOperations(catalog);
        this.items = new ItemOperations(catalog);
        this.reads = new QueryOperations(catalog);
        this.batches = new BatchOperations(catalog);
        this.transactions = new TransactionOperations(catalog);
        this.expiry = new ExpiryService(catalog);
        this.streams = new StreamOperations(catalog);
    }

    public TableDescription createTable(CreateTableRequest request) {
        return tables.create(request);
    }

    public TableDescription deleteTable(String tableName) {
        return tables.delete(tableName);
    }

    public TableDescription describeTable(String tableName) {
        return tables.describe(tableName);
    }

    /** Up to {@code limit + 1} table names after {@code exclusiveStart} (the extra one tells there are more). */
    public List<String> listTables(@Nullable String exclusiveStart, int limit) {
        return tables.list(exclusiveStart, limit);
    }

    public TableDescription updateTable(UpdateTableRequest request) {
        return tables.update(request);
    }

    /** The tags of a table, sorted by key. */
    public Map<String, String> listTags(String tableName) {
        return tables.tags(tableName);
    }

    public void tagTable(String tableName, Map<String, String> tags) {
        tables.tag(tableName, tags);
    }

    public void untagTable(String tableName, List<String> keys) {
        tables.untag(tableName, keys);
    }

    public TimeToLive describeTimeToLive(String tableName) {
        return tables.describeTimeToLive(tableName);
    }

    public TimeToLive updateTimeToLive(String tableName, TimeToLive setting) {
        return tables.updateTimeToLive(tableName, setting);
    }

    public ItemRequests.WriteResult putItem(ItemRequests.Put request) {
        return items.put(request);
    }

    public ItemRequests.GetResult getItem(ItemRequests.Get request) {
        return items.get(request);
    }

    public ItemRequests.WriteResult updateItem(ItemRequests.Update request) {
        return items.update(request);
    }

    public ItemRequests.WriteResult deleteItem(ItemRequests.Delete request) {
        return items.delete(request);
    }

    public ReadRequests.Page query(ReadRequests.Query request) {
        return reads.query(request);
    }

    public ReadRequests.Page scan(ReadRequests.Scan request) {
        return reads.scan(request);
    }

    /** BatchGetItem; {@code leaveUnprocessed} is asked once per key whether to skip it (fault injection). */
    public BatchRequests.GetResult batchGetItem(Map<String, BatchRequests.TableKeys> request,
                                                BooleanSupplier leaveUnprocessed) {
        return batches.get(request, leaveUnprocessed);
    }

    /** BatchWriteItem; {@code leaveUnprocessed} is asked once per write whether to skip it (fault injection). */
    public BatchRequests.WriteResult batchWriteItem(Map<String, List<BatchRequests.Write>> request,
                                                    BooleanSupplier leaveUnprocessed) {
        return batches.write(request, leaveUnprocessed);
    }

    public TransactionRequests.WriteResult transactWriteItems(TransactionRequests.Write request) {
        return transactions.write(request);
    }

    public TransactionRequests.GetResult transactGetItems(List<TransactionRequests.Get> request) {
        return transactions.get(request);
    }

    /** ListStreams: the streams of a table, or of all tables, after the exclusive start (table and label). */
    public List<StreamRequests.StreamSummary> listStreams(@Nullable String tableName,
                                                          @Nullable String exclusiveStartTable,
                                                          @Nullable String exclusiveStartLabel) {
        return streams.list(tableName, exclusiveStartTable, exclusiveStartLabel);
    }

    public StreamRequests.StreamDescription describeStream(String tableName, String label) {
        return streams.describe(tableName, label);
    }

    /** GetShardIterator; {@code sequence} is required for AT_ and AFTER_SEQUENCE_NUMBER. */
    public String shardIterator(String tableName, String label, String shardId,
                                StreamRequests.ShardIteratorType type, @Nullable Long sequence) {
        return streams.iterator(tableName, label, shardId, type, sequence);
    }

    /** GetRecords; {@code limit} may be null (1000). */
    public StreamRequests.RecordsPage records(String shardIterator, @Nullable Integer limit) {
        return streams.records(shardIterator, limit);
    }

    /**
     * From now on, tells the listener of every change of the durable state (tables and items), in order, while the
     * change is made, so that it can persist it before the change is answered.
     */
    public void addStateListener(StateListener listener) {
        catalog.addListener(new StateBridge(listener));
    }

    /** Tells the listener the whole current state: each table, then its items; no call to {@code committed()}. */
    public void exportState(StateListener listener) {
        catalog.read(() -> {
            for (Table table : catalog.tables().values()) {
                listener.tableSaved(StateBridge.metadata(table));
                for (java.util.TreeMap<KeyTuple, StoredItem> partition : table.items().partitions().values()) {
                    for (StoredItem item : partition.values()) {
                        listener.itemSaved(table.name(), item.attributes());
                    }
                }
            }
            return null;
        });
    }

    /**
     * A listener that applies the state it is told to this engine, quietly (no stream records, no state listener
     * told): to restore a saved state before the engine serves requests.
     */
    public StateListener restorer() {
        return new StateRestorer(catalog);
    }

    /** Removes expired items of tables with time to live enabled; returns how many. */
    public int removeExpiredItems() {
        return expiry.sweep();
    }
}
