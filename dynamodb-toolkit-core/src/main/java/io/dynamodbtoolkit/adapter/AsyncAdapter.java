package io.dynamodbtoolkit.adapter;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * An {@link Adapter}'s operations on the asynchronous client ({@link Adapter#async}): the same plans - requests,
 * conditions, optimistic locking, parent guards, consistency hooks, cursors, shard merges - run by a non-blocking
 * executor, each returning a future that completes in a thread of the client's (never blocking one) with what the
 * blocking method returns, or fails with what it throws (bad input too: nothing is thrown from the call itself).
 * Cancelling the future of a list read stops it: no further page call is sent and those in flight are aborted.
 * Thread-safe; an {@code Optional} of the blocking API is a possibly-null value here.
 *
 * @param <T> the item type
 */
public final class AsyncAdapter<T> {

    private final Adapter<T> adapter;
    private final AdapterContext context;
    private final WritePlanner writes;
    private final AsyncCalls calls;

    AsyncAdapter(Adapter<T> adapter, AsyncCalls calls) {
        this.adapter = adapter;
        this.context = adapter.context();
        this.writes = adapter.writePlanner();
        this.calls = calls;
    }

    /** @return the blocking adapter this one runs the plans of */
    public Adapter<T> blocking() {
        return adapter;
    }

    /** @return the asynchronous client called */
    public DynamoDbAsyncClient client() {
        return calls.client();
    }

    /** @return the key design */
    public KeyModel keys() {
        return adapter.keys();
    }

    /** @return the table */
    public String table() {
        return adapter.table();
    }

    // ---------------------------------------------------------------- writes

    /** @see Adapter#post(Object) */
    public CompletableFuture<T> post(T item) {
        return post(item, WriteOptions.defaults()).thenApply(WriteResult::item);
    }

    /** @see Adapter#post(Object, WriteOptions) */
    public CompletableFuture<WriteResult<T>> post(T item, WriteOptions options) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = adapter.toAttributes(item);
            return calls.run(writes.post(attributes, WriteKind.POST, options))
                    .thenApply(write -> adapter.written(write, item, attributes));
        });
    }

    /** @see Adapter#put(Object) */
    public CompletableFuture<T> put(T item) {
        return put(item, WriteOptions.defaults()).thenApply(WriteResult::item);
    }

    /** @see Adapter#put(Object, WriteOptions) */
    public CompletableFuture<WriteResult<T>> put(T item, WriteOptions options) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = adapter.toAttributes(item);
            return calls.run(writes.replace(attributes, WriteKind.PUT, options))
                    .thenApply(write -> adapter.written(write, item, attributes));
        });
    }

    /** @see Adapter#putForce(Object) */
    public CompletableFuture<T> putForce(T item) {
        return putForce(item, WriteOptions.defaults()).thenApply(WriteResult::item);
    }

    /** @see Adapter#putForce(Object, WriteOptions) */
    public CompletableFuture<WriteResult<T>> putForce(T item, WriteOptions options) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = adapter.toAttributes(item);
            return calls.run(writes.createOrReplace(attributes, options))
                    .thenApply(write -> adapter.written(write, item, attributes));
        });
    }

    /** @see Adapter#patch(KeyValues, Map) */
    public CompletableFuture<T> patch(KeyValues key, Map<String, ?> changes) {
        return patch(key, changes, Update.empty(), WriteOptions.defaults()).thenApply(WriteResult::item);
    }

    /** @see Adapter#patch(KeyValues, Map, Update, WriteOptions) */
    public CompletableFuture<WriteResult<T>> patch(KeyValues key, Map<String, ?> changes, Update actions,
            WriteOptions options) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = new LinkedHashMap<>();
            changes.forEach((name, value) -> attributes.put(name, AttributeValues.toAttributeValue(value)));
            return calls.run(writes.patch(key, attributes, actions, options)).thenApply(adapter::result);
        });
    }

    /** @see Adapter#patch(Object) */
    public CompletableFuture<T> patch(T partial) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = adapter.declaration().mapper().toAttributes(partial, true);
            KeyValues key = keys().codec().keyValuesFromItem(attributes);
            return calls.run(writes.patch(key, attributes, Update.empty(), WriteOptions.defaults()))
                    .thenApply(write -> adapter.result(write).item());
        });
    }

    /** @see Adapter#delete(KeyValues) */
    public CompletableFuture<Boolean> delete(KeyValues key) {
        return delete(key, WriteOptions.defaults().withReturnValues(ReturnValue.ALL_OLD))
                .thenApply(WriteResult::written);
    }

    /** @see Adapter#delete(KeyValues, WriteOptions) */
    public CompletableFuture<WriteResult<T>> delete(KeyValues key, WriteOptions options) {
        return AsyncCalls.planned(() -> calls.run(writes.delete(key, WriteKind.DELETE, options))
                .thenApply(adapter::result));
    }

    /** @see Adapter#delete(Object) */
    public CompletableFuture<Boolean> delete(T item) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> attributes = adapter.declaration().mapper().toAttributes(item, true);
            Long version = context.versionOf(attributes);
            WriteOptions options = WriteOptions.defaults().withReturnValues(ReturnValue.ALL_OLD);
            return calls.run(writes.delete(keys().codec().keyValuesFromItem(attributes), WriteKind.DELETE,
                    version == null ? options : options.withExpectedVersion(version))).thenApply(RawWrite::written);
        });
    }

    /** @see Adapter#clone(KeyValues, UnaryOperator) */
    public CompletableFuture<T> clone(KeyValues source, UnaryOperator<T> mapper) {
        return readExisting(source).thenCompose(stored -> {
            T copy = mapper.apply(adapter.toItem(stored));
            return calls.run(writes.post(adapter.toAttributes(copy), WriteKind.CLONE, WriteOptions.defaults()));
        }).thenApply(write -> adapter.result(write).item());
    }

    /** @see Adapter#move(KeyValues, UnaryOperator) */
    public CompletableFuture<T> move(KeyValues source, UnaryOperator<T> mapper) {
        return readExisting(source).thenCompose(stored -> calls.run(adapter.moveStored(stored,
                adapter.toAttributes(mapper.apply(adapter.toItem(stored)))))).thenApply(w -> adapter.result(w).item());
    }

    /** @see Adapter#edit(KeyValues, UnaryOperator, boolean) */
    public CompletableFuture<WriteResult<T>> edit(KeyValues key, UnaryOperator<T> mapper, boolean allowKeyChange) {
        return readExisting(key).thenCompose(stored -> AsyncCalls.planned(() -> calls.run(adapter.editStored(stored,
                mapper, allowKeyChange)))).thenApply(adapter::result);
    }

    /**
     * Writes many items with BatchWriteItem, as {@link Adapter#putAll} does: the same preparation, created-at reads,
     * parent guard (refused before anything is written, checked after and removed again) and chunks, retries and
     * bound of calls in flight, the pauses before retries scheduled. Cancelling the future stops sending.
     *
     * @see Adapter#putAll(Collection)
     */
    public CompletableFuture<BatchStats> putAll(Collection<T> items) {
        return AsyncCalls.planned(() -> calls.run(adapter.putAllPlan(items)));
    }

    /** @see Adapter#putAllReturningItems(Collection) */
    public CompletableFuture<List<T>> putAllReturningItems(Collection<T> items) {
        return AsyncCalls.planned(() -> calls.run(adapter.putAllReturningItemsPlan(items)));
    }

    /**
     * Deletes many items by key with BatchWriteItem, as {@link Adapter#deleteAll} does.
     *
     * @see Adapter#deleteAll(Collection)
     */
    public CompletableFuture<BatchStats> deleteAll(Collection<KeyValues> itemKeys) {
        return AsyncCalls.planned(() -> calls.run(adapter.deleteAllPlan(itemKeys)));
    }

    // ---------------------------------------------------------------- reads

    /**
     * Reads many items by key with BatchGetItem, as {@link Adapter#getAll} does (100 keys a call, unprocessed keys
     * retried, the bound of calls in flight).
     *
     * @return one entry per key in the same order, {@code null} where no item exists
     */
    public CompletableFuture<List<T>> getAll(List<KeyValues> itemKeys, ReadOptions options) {
        return AsyncCalls.planned(() -> calls.run(adapter.getAllPlan(itemKeys, options)));
    }

    /** @return the item with this key, read eventually consistently, or null */
    public CompletableFuture<T> get(KeyValues key) {
        return get(key, ReadOptions.defaults());
    }

    /** @return the item with this key, or null */
    public CompletableFuture<T> get(KeyValues key, ReadOptions options) {
        return AsyncCalls.planned(() -> {
            ItemReads reads = adapter.itemReads();
            return calls.get(reads.request(keys().codec().primaryKeyFromKeyValues(key), options))
                    .thenApply(item -> {
                        Map<String, AttributeValue> found = reads.found(item, options);
                        return found == null ? null : adapter.toItem(found);
                    });
        });
    }

    /** @return the row holding a value of a unique field, or null; see {@link Adapter#getByUnique} */
    public CompletableFuture<T> getByUnique(String field, Object value, KeyValues scope, ReadOptions options) {
        return AsyncCalls.planned(() -> {
            UniqueReads.Lookup lookup = new UniqueReads(context, adapter.itemReads()).lookup(field,
                    AttributeValues.toAttributeValue(Objects.requireNonNull(value, "value")), scope, options);
            return calls.get(lookup.guardRequest()).thenCompose(guard -> {
                GetItemRequest row = lookup.rowRequest(guard);
                return row == null ? CompletableFuture.completedFuture(null) : calls.get(row)
                        .thenApply(item -> {
                            Map<String, AttributeValue> found = lookup.accept(item);
                            return found == null ? null : adapter.toItem(found);
                        });
            });
        });
    }

    /** @see Adapter#list(SubtreeQuery, ListOptions) */
    public CompletableFuture<ItemPage<T>> list(SubtreeQuery subtree, ListOptions options) {
        return AsyncCalls.planned(() -> query(adapter.queryPlanner().subtree(subtree), options));
    }

    /** @see Adapter#query(KeyCondition, ListOptions) */
    public CompletableFuture<ItemPage<T>> query(KeyCondition keyCondition, ListOptions options) {
        return AsyncCalls.planned(() -> query(adapter.queryPlanner().table(keyCondition), options));
    }

    /** @see Adapter#query(IndexQuery, ListOptions) */
    public CompletableFuture<ItemPage<T>> query(IndexQuery query, ListOptions options) {
        return AsyncCalls.planned(() -> query(adapter.queryPlanner().keys(query), options));
    }

    /** @see Adapter#query(List, ListOptions) */
    public CompletableFuture<ItemPage<T>> query(List<IndexQuery> queriesInOrder, ListOptions options) {
        return AsyncCalls.planned(() -> query(adapter.queryPlanner().keysInOrder(queriesInOrder), options));
    }

    /** @see Adapter#query(QueryPlan, ListOptions) */
    public CompletableFuture<ItemPage<T>> query(QueryPlan plan, ListOptions options) {
        return AsyncCalls.planned(() -> page(calls.run(adapter.listReads().queryReading(plan, options))));
    }

    /** @see Adapter#queryIndirect(IndexQuery, ListOptions) */
    public CompletableFuture<ItemPage<T>> queryIndirect(IndexQuery query, ListOptions options) {
        return AsyncCalls.planned(() -> queryIndirect(adapter.queryPlanner().keys(query), options));
    }

    /** @see Adapter#queryIndirect(QueryPlan, ListOptions) */
    public CompletableFuture<ItemPage<T>> queryIndirect(QueryPlan plan, ListOptions options) {
        return AsyncCalls.planned(() -> indirect(calls.run(adapter.listReads().queryReading(plan, options))));
    }

    /** @see Adapter#scanIndexIndirect(String, ListOptions) */
    public CompletableFuture<ItemPage<T>> scanIndexIndirect(String indexName, ListOptions options) {
        return AsyncCalls.planned(() -> indirect(calls.run(adapter.scanSparseReading(indexName, options))));
    }

    /** @see Adapter#scanIndex(String, ListOptions) */
    public CompletableFuture<ItemPage<T>> scanIndex(String indexName, ListOptions options) {
        return AsyncCalls.planned(() -> page(calls.run(adapter.scanSparseReading(indexName, options))));
    }

    /** @see Adapter#scan(ListOptions) */
    public CompletableFuture<ItemPage<T>> scan(ListOptions options) {
        return AsyncCalls.planned(() -> page(calls.run(adapter.listReads().scanReading(options, 1))));
    }

    /**
     * @return the adapter's stored items with their calls on the asynchronous client, for engines such as the mass
     *         operations ({@code AsyncMassOperations}); not needed by applications
     */
    public StoredItemCalls<T> storedCalls() {
        return new StoredItemCalls<>(adapter.stored(), StoredItemCalls.Runner.async(calls, context));
    }

    /** @return the plan of a subtree, to show or to hand to a mass operation */
    public QueryPlan plan(SubtreeQuery subtree) {
        return adapter.plan(subtree);
    }

    /** @return the plan of a key-seek query */
    public QueryPlan plan(IndexQuery query) {
        return adapter.plan(query);
    }

    /**
     * @return the page a reading reads; cancelling it stops the reading (no further call is sent, the calls in flight
     *         are aborted)
     */
    private CompletableFuture<ItemPage<T>> page(CompletableFuture<ListRead> reading) {
        CompletableFuture<ItemPage<T>> page = reading.thenApply(read -> adapter.page(read.page()));
        page.whenComplete((read, failure) -> {
            if (page.isCancelled()) {
                reading.cancel(true);
            }
        });
        return page;
    }

    /** @return the whole items of the keys a reading of an index read; cancelling it stops either read */
    private CompletableFuture<ItemPage<T>> indirect(CompletableFuture<ListRead> reading) {
        CompletableFuture<CompletableFuture<ItemPage<T>>> items = new CompletableFuture<>();
        CompletableFuture<ItemPage<T>> page = reading.thenCompose(read -> {
            CompletableFuture<ItemPage<T>> batch = calls.run(adapter.indirectPlan(read.page()));
            items.complete(batch);
            return batch;
        });
        page.whenComplete((read, failure) -> {
            if (page.isCancelled()) {
                reading.cancel(true);
                items.thenAccept(batchRead -> batchRead.cancel(true));
            }
        });
        return page;
    }

    private CompletableFuture<Map<String, AttributeValue>> readExisting(KeyValues key) {
        return AsyncCalls.planned(() -> {
            Map<String, AttributeValue> primaryKey = keys().codec().primaryKeyFromKeyValues(key);
            ReadOptions options = ReadOptions.defaults().consistently();
            ItemReads reads = adapter.itemReads();
            return calls.get(reads.request(primaryKey, options)).thenApply(item -> {
                Map<String, AttributeValue> stored = reads.found(item, options);
                if (stored == null) {
                    throw adapter.missing(primaryKey);
                }
                return stored;
            });
        });
    }

    @Override
    public String toString() {
        return "AsyncAdapter[" + adapter.declaration() + "]";
    }
}
