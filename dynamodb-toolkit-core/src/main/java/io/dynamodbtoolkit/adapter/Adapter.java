package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.filter.FilterCompiler;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The entry point to one table's items under a declared key design: writes with the toolkit's semantics
 * (create-only, replace, patch that never upserts, idempotent delete, clone, move, edit, optimistic locking),
 * reads by key, subtree and index lists that are always key seeks with signed cursors, and bulk writes.
 *
 * <p>A small facade: mapping happens here, the work in {@link SingleItemWrites}, {@link ItemReads} and
 * {@link ListReads}. Thread-safe; create one per declaration and share it.
 *
 * @param <T> the item type
 */
public final class Adapter<T> {

    private final AdapterDeclaration<T> declaration;
    private final AdapterContext context;
    private final SingleItemWrites writes;
    private final ItemReads reads;
    private final ListReads lists;
    private final QueryPlanner planner;

    private Adapter(AdapterDeclaration<T> declaration, AdapterContext context) {
        this.declaration = declaration;
        this.context = context;
        this.writes = new SingleItemWrites(context);
        this.reads = new ItemReads(context);
        this.lists = new ListReads(context,
                FilterCompiler.standard().withSearchAttributes(declaration.search().attributes()));
        this.planner = new QueryPlanner(context);
    }

    /** @return an adapter with default options */
    public static <T> Adapter<T> create(AdapterDeclaration<T> declaration, DynamoDbClient client) {
        return create(declaration, client, AdapterOptions.defaults());
    }

    /** @return an adapter with the given options */
    public static <T> Adapter<T> create(AdapterDeclaration<T> declaration, DynamoDbClient client,
            AdapterOptions options) {
        Objects.requireNonNull(declaration, "declaration");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(options, "options");
        return new Adapter<>(declaration, AdapterContext.create(declaration, client, options));
    }

    /**
     * @return an adapter of the same table, key design, hooks and client that maps items with another mapper
     *         (e.g. a Spring Data entity mapper for a repository); both share everything but the mapping
     */
    public <U> Adapter<U> withMapper(ItemMapper<U> mapper) {
        return new Adapter<>(declaration.withMapper(mapper), context);
    }

    /**
     * @return an adapter of the same table and key design working on stored attribute maps (revived on reads), for
     *         generic tools such as mass operations
     */
    public Adapter<Map<String, AttributeValue>> attributes() {
        return withMapper(ItemMapper.attributes());
    }

    /**
     * @return an adapter of the same table, key design, mapping and client whose single writes (post, put, putForce,
     *         patch, delete, clone, move, edit) are not sent but handed to a unit of work as transaction actions with
     *         all their conditions; its batch writes are refused, its reads read the table. A write's result is the
     *         item as it will be written (a patch or edit, which an UpdateItem would return, returns no item)
     */
    public Adapter<T> collectingInto(ActionCollector unit) {
        return new Adapter<>(declaration, context.collectingInto(Objects.requireNonNull(unit, "unit")));
    }

    /**
     * @return an adapter of the same table, key design, hooks, mapping and options whose operations call the
     *         asynchronous client and return futures: the same plans (requests, conditions, cursors), run without
     *         blocking a thread
     * @throws IllegalStateException when this adapter collects into a unit of work
     */
    public AsyncAdapter<T> async(DynamoDbAsyncClient asyncClient) {
        if (context.collecting()) {
            throw new IllegalStateException("The adapter collects its writes into a unit of work, which the "
                    + "asynchronous client cannot join: make the asynchronous adapter of the adapter itself");
        }
        return new AsyncAdapter<>(this, new AsyncCalls(context, Objects.requireNonNull(asyncClient, "asyncClient")));
    }

    /** @return the parts of this adapter an asynchronous one shares */
    AdapterContext context() {
        return context;
    }

    WritePlanner writePlanner() {
        return writes.planner();
    }

    ItemReads itemReads() {
        return reads;
    }

    ListReads listReads() {
        return lists;
    }

    QueryPlanner queryPlanner() {
        return planner;
    }

    /** @return the client the adapter calls (the resource a unit of work on it belongs to) */
    public DynamoDbClient client() {
        return context.client();
    }

    /** @return the adapter's items in their stored form, for engines such as mass operations */
    public StoredItems<T> stored() {
        context.refuseInUnit("A mass operation");
        return new StoredItems<>(this, context, lists, writes);
    }

    /** @return the declaration */
    public AdapterDeclaration<T> declaration() {
        return declaration;
    }

    /** @return the key design */
    public KeyModel keys() {
        return declaration.keys();
    }

    /** @return the table */
    public String table() {
        return declaration.table();
    }

    // ---------------------------------------------------------------- writes

    /** Creates an item. @throws ItemAlreadyExistsException when one with its key exists */
    public T post(T item) {
        return writtenItem(post(item, WriteOptions.defaults()));
    }

    /** Creates an item. @throws ItemAlreadyExistsException when one with its key exists */
    public WriteResult<T> post(T item, WriteOptions options) {
        Map<String, AttributeValue> attributes = toAttributes(item);
        return written(writes.post(attributes, WriteKind.POST, options), item, attributes);
    }

    /**
     * Replaces an existing item (a versioned item must carry the version it was read at).
     *
     * @throws ItemNotFoundException     when no item has its key
     * @throws VersionConflictException  when the item was written since it was read
     */
    public T put(T item) {
        return writtenItem(put(item, WriteOptions.defaults()));
    }

    /** Replaces an existing item; see {@link #put(Object)}. */
    public WriteResult<T> put(T item, WriteOptions options) {
        Map<String, AttributeValue> attributes = toAttributes(item);
        return written(writes.replace(attributes, WriteKind.PUT, options), item, attributes);
    }

    /**
     * Creates or replaces an item. A versioned item with a version is replaced only at that version; without one
     * it is created (and must not exist).
     */
    public T putForce(T item) {
        return writtenItem(putForce(item, WriteOptions.defaults()));
    }

    /** Creates or replaces an item; see {@link #putForce(Object)}. */
    public WriteResult<T> putForce(T item, WriteOptions options) {
        Map<String, AttributeValue> attributes = toAttributes(item);
        return written(writes.createOrReplace(attributes, options), item, attributes);
    }

    /**
     * Updates some attributes of an existing item and returns it as it is after the update. Never creates an
     * item; key fields and technical fields among the changes are ignored; a null value removes the attribute.
     *
     * @throws ItemNotFoundException when no item has the key
     */
    public T patch(KeyValues key, Map<String, ?> changes) {
        return writtenItem(patch(key, changes, Update.empty(), WriteOptions.defaults()));
    }

    /**
     * Patches an existing item with changes and further update actions (increments, list appends, set
     * additions...). The result holds the item after the update unless other return values are asked for.
     */
    public WriteResult<T> patch(KeyValues key, Map<String, ?> changes, Update actions, WriteOptions options) {
        Map<String, AttributeValue> attributes = new LinkedHashMap<>();
        changes.forEach((name, value) -> attributes.put(name, AttributeValues.toAttributeValue(value)));
        return result(writes.patch(key, attributes, actions, options));
    }

    /** Patches an existing item with the non-null properties of a partial item (its key fields select it). */
    public T patch(T partial) {
        Map<String, AttributeValue> attributes = declaration.mapper().toAttributes(partial, true);
        KeyValues key = keys().codec().keyValuesFromItem(attributes);
        return writtenItem(result(writes.patch(key, attributes, Update.empty(), WriteOptions.defaults())));
    }

    /** Deletes an item if it exists. @return whether an item was deleted */
    public boolean delete(KeyValues key) {
        return delete(key, WriteOptions.defaults().withReturnValues(
                software.amazon.awssdk.services.dynamodb.model.ReturnValue.ALL_OLD)).written();
    }

    /**
     * Deletes an item; idempotent unless an expected version or a condition is given.
     *
     * @throws VersionConflictException when an expected version is given and the item is at another
     */
    public WriteResult<T> delete(KeyValues key, WriteOptions options) {
        return result(writes.delete(key, WriteKind.DELETE, options));
    }

    /** Deletes an item, checking its version when it carries one. */
    public boolean delete(T item) {
        Map<String, AttributeValue> attributes = declaration.mapper().toAttributes(item, true);
        Long version = context.versionOf(attributes);
        WriteOptions options = WriteOptions.defaults().withReturnValues(
                software.amazon.awssdk.services.dynamodb.model.ReturnValue.ALL_OLD);
        return writes.delete(keys().codec().keyValuesFromItem(attributes), WriteKind.DELETE,
                version == null ? options : options.withExpectedVersion(version)).written();
    }

    /**
     * Reads an item, maps it and creates the result as a new item (fresh version and created-at).
     *
     * @throws ItemNotFoundException      when the source does not exist
     * @throws ItemAlreadyExistsException when the target exists
     */
    public T clone(KeyValues source, UnaryOperator<T> mapper) {
        Map<String, AttributeValue> stored = readExisting(source);
        T copy = mapper.apply(toItem(stored));
        return writtenItem(result(writes.post(toAttributes(copy), WriteKind.CLONE, WriteOptions.defaults())));
    }

    /**
     * Reads an item, maps it to a new key and, in one transaction, creates the result and deletes the original
     * (keeping created-at; a versioned item's version goes up by one).
     *
     * @throws ItemNotFoundException      when the source does not exist
     * @throws ItemAlreadyExistsException when the target exists
     * @throws IllegalArgumentException   when the mapped item has the same key
     */
    public T move(KeyValues source, UnaryOperator<T> mapper) {
        Map<String, AttributeValue> stored = readExisting(source);
        Map<String, AttributeValue> moved = toAttributes(mapper.apply(toItem(stored)));
        return writtenItem(result(writes.run(moveStored(stored, moved))));
    }

    /**
     * Reads an item, maps it, and writes only the top-level attributes that changed (nothing when nothing
     * changed). A changed key is an error.
     *
     * @throws ItemNotFoundException    when the item does not exist
     * @throws VersionConflictException when it was written in between (versioned items)
     */
    public WriteResult<T> edit(KeyValues key, UnaryOperator<T> mapper) {
        return edit(key, mapper, false);
    }

    /**
     * Like {@link #edit(KeyValues, UnaryOperator)}; with {@code allowKeyChange} a changed key makes the edit a
     * {@link #move}.
     */
    public WriteResult<T> edit(KeyValues key, UnaryOperator<T> mapper, boolean allowKeyChange) {
        return result(writes.run(editStored(readExisting(key), mapper, allowKeyChange)));
    }

    /** @return the plan of an edit of a stored item; see {@link #edit(KeyValues, UnaryOperator, boolean)} */
    WriteStep editStored(Map<String, AttributeValue> stored, UnaryOperator<T> mapper, boolean allowKeyChange) {
        Map<String, AttributeValue> before = toAttributes(toItem(stored));
        Map<String, AttributeValue> after = toAttributes(mapper.apply(toItem(stored)));
        Map<String, AttributeValue> sourceKey = keys().codec().primaryKeyFromItem(stored);
        if (!keys().codec().primaryKeyFromItem(after).equals(sourceKey)) {
            if (!allowKeyChange) {
                throw new IllegalArgumentException("The edit of " + AttributeValues.showKey(sourceKey)
                        + " changes its key to " + AttributeValues.showKey(keys().codec().primaryKeyFromItem(after))
                        + "; keys are identity: allow key changes to make it a move");
            }
            return moveStored(stored, after);
        }
        return new ItemEditor(context, writes.planner()).edit(stored, before, after);
    }

    /**
     * Writes many items with BatchWriteItem (unconditional: a batch cannot carry conditions), each prepared and
     * validated like a single write, with up to {@link AdapterOptions#batchConcurrency()} calls in flight. Versioned
     * items get their carried version plus one, or 1. Items that do not carry the created-at field keep the stored
     * one (read for them all with BatchGetItem first), else get the
     * current time. Under a parent guard, items whose parent row is not there are refused before anything is
     * written, and items whose parent a cascade began deleting while they were written are removed again; both
     * end in a {@link ParentNotFoundException}.
     */
    public BatchStats putAll(Collection<T> items) {
        return new BlockingCalls(context).run(putAllPlan(items));
    }

    /**
     * Like {@link #putAll}, and returns each item as written (with its key fields, version and created-at), in the
     * order given: what {@link #putForce(Object)} returns for an item that is not versioned, written with batches.
     */
    public List<T> putAllReturningItems(Collection<T> items) {
        return new BlockingCalls(context).run(putAllReturningItemsPlan(items));
    }

    /** @return the plan of {@link #putAll}, for an executor to run */
    BatchStep<BatchStats> putAllPlan(Collection<T> items) {
        return prepareBatchPuts(items).then(new GuardedBatchPuts(context, writes.guard())::plan);
    }

    /** @return the plan of {@link #putAllReturningItems}, for an executor to run */
    BatchStep<List<T>> putAllReturningItemsPlan(Collection<T> items) {
        return prepareBatchPuts(items).then(prepared -> new GuardedBatchPuts(context, writes.guard()).plan(prepared)
                .then(stats -> {
                    List<T> written = new ArrayList<>(prepared.size());
                    prepared.forEach(item -> written.add(toItem(item.item())));
                    return BatchStep.done(written);
                }));
    }

    private BatchStep<List<PreparedItem>> prepareBatchPuts(Collection<T> items) {
        context.refuseInUnit("A batch put");
        context.refuseBatchOfUniques("A batch put");
        List<Map<String, AttributeValue>> inputs = items.stream().map(this::toAttributes).toList();
        return new StoredCreatedAt(context).toWrite(inputs).then(createdAts -> {
            List<PreparedItem> prepared = new ArrayList<>(inputs.size());
            for (int i = 0; i < inputs.size(); i++) {
                Map<String, AttributeValue> attributes = inputs.get(i);
                Long version = context.versionOf(attributes);
                Long batchVersion = null;
                if (context.versioned()) {
                    batchVersion = version == null ? 1L : version + 1;
                }
                prepared.add(context.preparer().prepareFull(attributes, WriteKind.BATCH_PUT, batchVersion,
                        createdAts.get(i)));
            }
            return BatchStep.done(prepared);
        });
    }

    /**
     * Deletes many items by key with BatchWriteItem (unconditional), with up to
     * {@link AdapterOptions#batchConcurrency()} calls in flight.
     */
    public BatchStats deleteAll(Collection<KeyValues> itemKeys) {
        return new BlockingCalls(context).run(deleteAllPlan(itemKeys));
    }

    /** @return the plan of {@link #deleteAll}, for an executor to run */
    BatchStep<BatchStats> deleteAllPlan(Collection<KeyValues> itemKeys) {
        context.refuseInUnit("A batch delete");
        context.refuseBatchOfUniques("A batch delete");
        List<WriteRequest> requests = new ArrayList<>(itemKeys.size());
        for (KeyValues key : itemKeys) {
            Map<String, AttributeValue> primaryKey = keys().codec().primaryKeyFromKeyValues(key);
            context.preparer().validateDelete(primaryKey, WriteKind.BATCH_DELETE);
            requests.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(primaryKey).build())
                    .build());
        }
        return BatchStep.write(requests, BatchStep::done);
    }

    // ---------------------------------------------------------------- reads

    /** @return the item with this key, read eventually consistently */
    public Optional<T> get(KeyValues key) {
        return get(key, ReadOptions.defaults());
    }

    /** @return the item with this key */
    public Optional<T> get(KeyValues key, ReadOptions options) {
        return Optional.ofNullable(reads.get(keys().codec().primaryKeyFromKeyValues(key), options)).map(this::toItem);
    }

    /**
     * Reads the row holding a value of a unique field (see {@link AdapterDeclaration.Builder#unique}): two key reads,
     * the value's guard item then the row it points at, never a Scan or a filter.
     *
     * @param field   the unique field
     * @param value   the value, as the row stores it (a Java value or an {@link AttributeValue})
     * @param scope   values of leading key fields the row must carry; those the field is unique within are required
     * @param options the consistency of the reads (the row is read whole)
     * @return the row, or empty when none holds the value (in that scope)
     * @throws IllegalArgumentException when the field is not unique, or a field it is unique within has no value
     */
    public Optional<T> getByUnique(String field, Object value, KeyValues scope, ReadOptions options) {
        return Optional.ofNullable(new UniqueReads(context, reads).get(field,
                AttributeValues.toAttributeValue(Objects.requireNonNull(value, "value")), scope, options))
                .map(this::toItem);
    }

    /**
     * Reads many items by key with BatchGetItem (100 a call, up to {@link AdapterOptions#batchConcurrency()} calls
     * in flight, unprocessed keys retried).
     *
     * @return one entry per key in the same order, {@code null} where no item exists
     */
    public List<T> getAll(List<KeyValues> itemKeys, ReadOptions options) {
        return new BlockingCalls(context).run(getAllPlan(itemKeys, options));
    }

    /** @return the plan of {@link #getAll}, for an executor to run */
    BatchStep<List<T>> getAllPlan(List<KeyValues> itemKeys, ReadOptions options) {
        List<Map<String, AttributeValue>> primaryKeys = itemKeys.stream().map(keys().codec()::primaryKeyFromKeyValues)
                .toList();
        return reads.getAllPlan(primaryKeys, options).then(found -> {
            List<T> items = new ArrayList<>(found.size());
            found.forEach(stored -> items.add(stored == null ? null : toItem(stored)));
            return BatchStep.done(items);
        });
    }

    /** Lists a subtree (children, self and descendants, or a partial prefix) with key seeks only. */
    public ItemPage<T> list(SubtreeQuery subtree, ListOptions options) {
        return page(lists.query(planner.subtree(subtree), options));
    }

    /** Lists the items matching a key condition on the table. */
    public ItemPage<T> query(KeyCondition keyCondition, ListOptions options) {
        return page(lists.query(planner.table(keyCondition), options));
    }

    /**
     * Lists the items matching a key-seek query on the table or a declared index, composed from field values
     * (zero padding, separators and contiguity as the keys are written). A sharded index fans out one query per
     * shard and merges them in sort order under one cursor. Items come as the index projects them.
     */
    public ItemPage<T> query(IndexQuery query, ListOptions options) {
        return page(lists.query(planner.keys(query), options));
    }

    /**
     * Like {@link #query(IndexQuery, ListOptions)} but reads whole items from the table for the keys the index
     * returns (one BatchGetItem per page, order kept): the way to read a keys-only or include index. An item
     * deleted between the two reads is left out.
     */
    public ItemPage<T> queryIndirect(IndexQuery query, ListOptions options) {
        return queryIndirect(planner.keys(query), options);
    }

    /**
     * Like {@link #query(QueryPlan, ListOptions)} but reads whole items from the table for the keys the plan's index
     * returns (one BatchGetItem per page, order kept).
     */
    public ItemPage<T> queryIndirect(QueryPlan plan, ListOptions options) {
        return indirect(lists.query(plan, options));
    }

    /**
     * Lists every member of a sparse index with a Scan of the index: it reads nothing but the members (read
     * amplification 1.0), in no particular order. An index declared with scan segments is read in that many parallel
     * segments, merged under one cursor. Items come as the index projects them. A Scan of the table is never made
     * here: that is {@link #scan(ListOptions)}.
     *
     * @throws IllegalArgumentException when the index is unknown or not sparse (a Scan would read every item that
     *                                  has its key), or the options ask for descending order
     */
    public ItemPage<T> scanIndex(String indexName, ListOptions options) {
        return page(scanSparse(indexName, options));
    }

    /**
     * Like {@link #scanIndex(String, ListOptions)} but reads whole items from the table for the keys the index
     * returns (one BatchGetItem per page): the way to list the members of a keys-only or include index.
     */
    public ItemPage<T> scanIndexIndirect(String indexName, ListOptions options) {
        return indirect(scanSparse(indexName, options));
    }

    private ListReads.RawPage scanSparse(String indexName, ListOptions options) {
        return lists.scanIndex(sparseIndex(indexName), context.indexes().positionKeys(indexName), options);
    }

    /** @return the reading of a page of a Scan of a sparse index; see {@link #scanIndex} */
    ListRead scanSparseReading(String indexName, ListOptions options) {
        return lists.scanIndexReading(sparseIndex(indexName), context.indexes().positionKeys(indexName), options);
    }

    private IndexDeclaration sparseIndex(String indexName) {
        IndexDeclaration index = context.indexes().get(indexName);
        if (!index.isSparse()) {
            throw new IllegalArgumentException("Index '" + indexName + "' of table " + table() + " is not sparse, so "
                    + "a Scan of it would read every item that has its key: give its partition key value to Query "
                    + "it, or declare it sparse when only the items that qualify carry its key");
        }
        return index;
    }

    private ItemPage<T> indirect(ListReads.RawPage keysPage) {
        return new BlockingCalls(context).run(indirectPlan(keysPage));
    }

    /**
     * @return the plan reading whole items from the table for the keys of a page of an index (order kept, items
     *         deleted meanwhile left out), for an executor to run
     */
    BatchStep<ItemPage<T>> indirectPlan(ListReads.RawPage keysPage) {
        List<Map<String, AttributeValue>> tableKeys = keysPage.items().stream()
                .map(item -> keys().codec().storedPrimaryKeyFromItem(item)).toList();
        return reads.getAllPlan(tableKeys, ReadOptions.defaults()).then(stored -> {
            List<T> items = new ArrayList<>(stored.size());
            stored.stream().filter(Objects::nonNull).forEach(item -> items.add(toItem(item)));
            return BatchStep.done(new ItemPage<>(items, keysPage.nextCursor(), keysPage.total(), keysPage.stats(),
                    keysPage.description()));
        });
    }

    /**
     * Reads several key-seek queries on one table or index one after the other under one cursor, in the order
     * given: e.g. a time window over monthly buckets (oldest first; reversed when descending), so a limit and a
     * cursor span the buckets.
     */
    public ItemPage<T> query(List<IndexQuery> queriesInOrder, ListOptions options) {
        return page(lists.query(planner.keysInOrder(queriesInOrder), options));
    }

    /** @return the plan of a key-seek query, e.g. to hand to a mass operation */
    public QueryPlan plan(IndexQuery query) {
        return planner.keys(query);
    }

    /** Runs a prepared query plan (a table or index, one or more segments). */
    public ItemPage<T> query(QueryPlan plan, ListOptions options) {
        return page(lists.query(plan, options));
    }

    /** Scans the table (reads every item: prefer key seeks); the filter becomes a FilterExpression. */
    public ItemPage<T> scan(ListOptions options) {
        return page(lists.scan(options));
    }

    /** @return the query plan of a subtree, e.g. to show or to hand to a mass operation */
    public QueryPlan plan(SubtreeQuery subtree) {
        return planner.subtree(subtree);
    }

    // ---------------------------------------------------------------- mapping

    /** @return the item a stored attribute map describes, after the built-in and user revive steps */
    public T toItem(Map<String, AttributeValue> stored) {
        return declaration.mapper().fromAttributes(context.preparer().revive(stored));
    }

    Map<String, AttributeValue> toAttributes(T item) {
        return declaration.mapper().toAttributes(Objects.requireNonNull(item, "item"), true);
    }

    private Map<String, AttributeValue> readExisting(KeyValues key) {
        Map<String, AttributeValue> primaryKey = keys().codec().primaryKeyFromKeyValues(key);
        Map<String, AttributeValue> stored = reads.get(primaryKey, ReadOptions.defaults().consistently());
        if (stored == null) {
            throw missing(primaryKey);
        }
        return stored;
    }

    /** @return the item a write that succeeded wrote (only a delete may have none to show) */
    private static <T> T writtenItem(WriteResult<T> result) {
        return Objects.requireNonNull(result.item(), "a write that succeeded returns the item it wrote");
    }

    /** @return the failure of an operation on an existing item that is not there */
    ItemNotFoundException missing(Map<String, AttributeValue> primaryKey) {
        return new ItemNotFoundException("No item with key " + AttributeValues.showKey(primaryKey)
                + " exists in table " + table(), primaryKey, null, null);
    }

    /** @return the plan of a move of a stored item to its mapped form (a new key) */
    WriteStep moveStored(Map<String, AttributeValue> stored, Map<String, AttributeValue> moved) {
        Long version = context.versionOf(stored);
        AttributeValue createdAt = context.keys().createdAtField().map(stored::get).orElse(null);
        Long movedVersion = null;
        if (context.versioned()) {
            movedVersion = version == null ? 1L : version + 1;
        }
        PreparedItem target = context.preparer().prepareFull(moved, WriteKind.MOVE, movedVersion, createdAt);
        return writes.planner().move(keys().codec().primaryKeyFromItem(stored), version, target);
    }

    /**
     * The result of writing a caller's item: the item as written is the caller's own object when the write wrote
     * its attributes as given, else the written attributes mapped back.
     */
    WriteResult<T> written(RawWrite write, T item, Map<String, AttributeValue> attributes) {
        if (!context.preparer().writtenAsGiven(write.item(), attributes)) {
            return result(write);
        }
        return new WriteResult<>(() -> item, () -> returned(write), write.written());
    }

    private Map<String, AttributeValue> returned(RawWrite write) {
        return write.returned().isEmpty() ? Map.of() : context.preparer().revive(write.returned());
    }

    WriteResult<T> result(RawWrite write) {
        return new WriteResult<>(() -> write.item() == null ? null : toItem(write.item()),
                () -> returned(write),
                write.written());
    }

    ItemPage<T> page(ListReads.RawPage raw) {
        List<T> items = new ArrayList<>(raw.items().size());
        raw.items().forEach(stored -> items.add(toItem(stored)));
        return new ItemPage<>(items, raw.nextCursor(), raw.total(), raw.stats(), raw.description());
    }

    @Override
    public String toString() {
        return "Adapter[" + declaration + "]";
    }
}
