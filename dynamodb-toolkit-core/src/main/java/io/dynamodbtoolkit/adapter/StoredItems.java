package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.batch.AdaptiveConcurrency;
import io.dynamodbtoolkit.batch.BatchStats;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * An adapter's items in their stored form, for the toolkit's engines (mass operations, cascades): pages of
 * stored items, copies prepared and validated exactly like single writes, batched writes with the retry policy,
 * and the conditional per-item variants a batch cannot express. Obtained from {@link Adapter#stored()}; not
 * needed by applications.
 *
 * @param <T> the adapter's item type (used by {@link #edit})
 */
public final class StoredItems<T> {

    private final Adapter<T> adapter;
    private final AdapterContext context;
    private final ListReads lists;
    private final SingleItemWrites writes;
    private final BlockingCalls blocking;

    StoredItems(Adapter<T> adapter, AdapterContext context, ListReads lists, SingleItemWrites writes) {
        this.adapter = adapter;
        this.context = context;
        this.lists = lists;
        this.writes = writes;
        this.blocking = new BlockingCalls(context);
    }

    /**
     * @return the calls of these stored items on the blocking client, as futures: each completes before it returns,
     *         in the calling thread, except page reads, which run on the adapter's executor (so that an engine reads
     *         its next page while it writes the current one)
     */
    public StoredItemCalls<T> calls() {
        return new StoredItemCalls<>(this, StoredItemCalls.Runner.blocking(blocking, context));
    }

    /** @return the key design */
    public KeyModel keys() {
        return context.keys();
    }

    /** @return the adapter's options (retry policy, cursors, executor) */
    public AdapterOptions options() {
        return context.options();
    }

    /** @return one page of a query plan, items as stored (technical fields included) */
    public Page page(QueryPlan plan, ListOptions options) {
        return pageOf(blocking.run(pageReading(plan, options)));
    }

    /** @return the reading of {@link #page}, for an executor to run */
    ListRead pageReading(QueryPlan plan, ListOptions options) {
        return lists.queryReading(plan, options);
    }

    /** @return the reading of {@link #scanPage(ListOptions, int)}, for an executor to run */
    ListRead scanReading(ListOptions options, int segments) {
        return lists.scanReading(options, segments);
    }

    /** @return a strongly consistent Scan of the guard items of one unique field, from the options' cursor */
    ListRead guardScanReading(String field, ListOptions options) {
        return lists.guardScanReading(field, options);
    }

    /** @return the page a reading read */
    static Page pageOf(ListRead reading) {
        ListReads.RawPage page = reading.page();
        return new Page(page.items(), page.nextCursor(), page.stats());
    }

    /**
     * @param plan       the key seek: its segments are read one after the other (a merged plan's shards too: take
     *                   one shard's segment with {@link QueryPlan#withSegments} to read it alone)
     * @param consistent whether to read strongly consistently (refused on a global index)
     * @return a read of the plan from plain positions, whole pages of stored items, no filter
     * @throws IllegalArgumentException when a strongly consistent read targets a global index
     */
    public KeySeek seek(QueryPlan plan, boolean consistent) {
        return seek(plan, consistent, Filter.empty(), false);
    }

    /**
     * Like {@link #seek(QueryPlan, boolean)}, returning only the items that match a filter (the list reads' filter
     * grammar and allowlist, sent as a FilterExpression: the items it drops are read, and paid for, but not
     * returned); a position still resumes right after the item it follows.
     *
     * @throws io.dynamodbtoolkit.filter.InvalidFilterException when the filter names a field the adapter does not
     *                                                          allow
     */
    public KeySeek seek(QueryPlan plan, boolean consistent, Filter filter) {
        return seek(plan, consistent, filter, false);
    }

    /**
     * Like {@link #seek(QueryPlan, boolean)}, reading only the position attributes of each item (a projection): less
     * to transfer and parse for a caller that needs only the keys, e.g. to count or sample a subtree.
     */
    public KeySeek seekKeys(QueryPlan plan, boolean consistent) {
        return seek(plan, consistent, Filter.empty(), true);
    }

    private KeySeek seek(QueryPlan plan, boolean consistent, Filter filter, boolean keysOnly) {
        if (consistent && plan.globalIndex()) {
            throw new IllegalArgumentException("Strongly consistent reads are not supported on global secondary "
                    + "index '" + plan.indexName() + "' of table " + context.table()
                    + ": read eventually consistently, or query the table");
        }
        ListOptions read = readOptions(consistent, filter);
        ListOptions options = keysOnly ? read.withFields(plan.positionKeys().toArray(String[]::new)) : read;
        String description = "a key seek on " + (plan.indexName() == null ? "table " + context.table()
                : "index '" + plan.indexName() + "' of table " + context.table()) + " through " + plan.segments()
                + filtered(filter);
        return new KeySeek(lists.querySources(plan, options), plan.segments(), plan.positionKeys(), description,
                !filter.isEmpty(), blocking);
    }

    /**
     * @param indexName    the index to scan (a sparse index: only its members), or null for the table
     * @param segment      the segment read, from 0
     * @param segments     how many segments the whole Scan is cut into
     * @param consistent   whether to read strongly consistently (not on a global index)
     * @return a read of one segment of a parallel Scan from plain positions, whole pages of stored items; a position
     *         holds the table's key, plus the index's when scanning an index
     * @throws IllegalArgumentException when the segment is not one of the segments, or the index is not declared
     */
    public KeySeek seekScan(@Nullable String indexName, int segment, int segments, boolean consistent) {
        return seekScan(indexName, segment, segments, consistent, Filter.empty());
    }

    /**
     * Like {@link #seekScan(String, int, int, boolean)}, returning only the items that match a filter (see
     * {@link #seek(QueryPlan, boolean, Filter)}).
     */
    public KeySeek seekScan(@Nullable String indexName, int segment, int segments, boolean consistent,
            Filter filter) {
        if (segments < 1 || segment < 0 || segment >= segments) {
            throw new IllegalArgumentException("Scan segment " + segment + " of " + segments + " does not exist: "
                    + "segments must be >= 1 and the segment between 0 and segments - 1");
        }
        List<String> positionKeys = indexName == null ? context.keys().primaryKeyNames()
                : context.indexes().positionKeys(indexName);
        ListOptions options = readOptions(consistent, filter);
        String description = "Scan segment " + segment + " of " + segments + " of " + (indexName == null
                ? "table " + context.table() : "index '" + indexName + "' of table " + context.table())
                + filtered(filter);
        return new KeySeek(List.of(lists.scanSegment(indexName, segment, segments, positionKeys, options)), List.of(),
                positionKeys, description, !filter.isEmpty(), blocking);
    }

    private static ListOptions readOptions(boolean consistent, Filter filter) {
        ListOptions read = ListOptions.defaults().withFilter(Objects.requireNonNull(filter, "filter"));
        return consistent ? read.consistently() : read;
    }

    private static String filtered(Filter filter) {
        return filter.isEmpty() ? "" : " where " + filter;
    }

    /** @return one page of a Scan of the whole table, items as stored */
    public Page scanPage(ListOptions options) {
        return scanPage(options, 1);
    }

    /**
     * @param segments the parallel Scan segments read at once (each resumes from its own position), 1 for a plain
     *                 Scan
     * @return one page of a Scan of the whole table, items as stored
     */
    public Page scanPage(ListOptions options, int segments) {
        return pageOf(blocking.run(scanReading(options, segments)));
    }

    /** @return the stored items for some keys, in order, null where gone (BatchGetItem, retried) */
    public List<Map<String, AttributeValue>> readAll(List<Map<String, AttributeValue>> keys) {
        return blocking.run(readAllPlan(keys, false));
    }

    /** @return the plan of {@link #readAll} or {@link #readAllConsistently} */
    BatchStep<List<Map<String, AttributeValue>>> readAllPlan(List<Map<String, AttributeValue>> keys,
            boolean consistently) {
        return BatchStep.get(keys, consistently ? builder -> builder.consistentRead(true) : builder -> builder,
                BatchStep::done);
    }

    /** @return the stored items for some keys as they are now (strongly consistent), in order, null where gone */
    public List<Map<String, AttributeValue>> readAllConsistently(List<Map<String, AttributeValue>> keys) {
        return blocking.run(readAllPlan(keys, true));
    }

    /** @return the primary key a stored item carries */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> stored) {
        return context.keys().codec().storedPrimaryKeyFromItem(stored);
    }

    /** @return a stored item as the caller sees it: technical fields stripped, user revive hook applied */
    public Map<String, AttributeValue> revive(Map<String, AttributeValue> stored) {
        return context.preparer().revive(stored);
    }

    /**
     * Prepares a new item made from a stored one, exactly as a single write would (key attributes, type field,
     * index memberships, hooks, validation).
     *
     * @param stored    the source as stored
     * @param transform turns the source (revived) into the new item
     * @param kind      {@link WriteKind#CLONE} (fresh version and created-at), {@link WriteKind#MOVE} or
     *                  {@link WriteKind#BATCH_PUT} (a rewrite of the item: version plus one, created-at kept)
     */
    public Prepared prepareCopy(Map<String, AttributeValue> stored,
            UnaryOperator<Map<String, AttributeValue>> transform,
            WriteKind kind) {
        Map<String, AttributeValue> copy = transform.apply(revive(stored));
        boolean rewrite = kind == WriteKind.MOVE || kind == WriteKind.BATCH_PUT;
        Long version = context.versionOf(stored);
        Long newVersion = null;
        if (context.versioned()) {
            newVersion = rewrite && version != null ? version + 1 : 1L;
        }
        AttributeValue createdAt = rewrite
                ? context.keys().createdAtField().map(stored::get).orElse(null) : context.preparer().now();
        PreparedItem prepared = context.preparer().prepareFull(copy, kind, newVersion, createdAt);
        return new Prepared(prepared.item(), prepared.key());
    }

    /**
     * @param change a change of the adapter's item type
     * @return a transform for {@link #prepareCopy}: a revived item read into the item type, changed, and written back
     *         to attributes (key fields included, so a change of them gives the copy a new key)
     */
    public UnaryOperator<Map<String, AttributeValue>> through(UnaryOperator<T> change) {
        return revived -> adapter.toAttributes(change.apply(adapter.declaration().mapper().fromAttributes(revived)));
    }

    /** @return a batch put of a prepared item */
    public WriteRequest putRequest(Prepared prepared) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(prepared.item()).build()).build();
    }

    /** @return a batch delete of a stored item, after running the validator on its key */
    public WriteRequest deleteRequest(Map<String, AttributeValue> key) {
        context.preparer().validateDelete(key, WriteKind.BATCH_DELETE);
        return WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build();
    }

    /** Writes batch requests (25 a call), retrying unprocessed items and throttling with the retry policy. */
    public BatchStats write(List<WriteRequest> requests) {
        return context.batchWriter().write(context.table(), requests);
    }

    /**
     * Writes batch requests (25 a call) one call after the other, each holding a slot of an engine's concurrency
     * limit while in flight; retries unprocessed items and throttling with the retry policy.
     */
    public BatchStats write(List<WriteRequest> requests, AdaptiveConcurrency gate) {
        return context.batchWriter().write(context.table(), requests, gate);
    }

    /** @return the adapter's shared parts, for the executors of {@link StoredItemCalls} */
    AdapterContext context() {
        return context;
    }

    /**
     * Writes a prepared item only where no item holds its key; under a guarded parent, in one transaction with the
     * parent guard's checks.
     *
     * @return whether the item was written: false when an item with its key already exists
     * @throws ParentNotFoundException when the parent row is missing or being deleted
     */
    public boolean putIfAbsent(Prepared prepared) {
        return blocking.run(putIfAbsentPlan(prepared)).written();
    }

    /** @return the plan of {@link #putIfAbsent}: written, or not when an item holds the key */
    WriteStep putIfAbsentPlan(Prepared prepared) {
        List<TransactWriteItem> checks = writes.guard().checks(prepared.item());
        WriteStep.Done written = new WriteStep.Done(new RawWrite(prepared.item(), Map.of(), true));
        WriteStep.Done present = new WriteStep.Done(RawWrite.unchanged(prepared.item()));
        if (checks.isEmpty() && !writes.planner().guardsUniques()) {
            PutItemRequest request = ExpressionRequest.create().condition(writes.notExists())
                    .applyTo(PutItemRequest.builder().tableName(context.table()).item(prepared.item())).build();
            return new WriteStep.Send(WriteStep.Request.of(request), returned -> written, (item, failed) -> present);
        }
        Put put = ExpressionRequest.create().condition(writes.notExists())
                .applyTo(Put.builder().tableName(context.table()).item(prepared.item())).build();
        WriteStep.Transact transact = writes.planner().insertTakingGuards(prepared.key(), prepared.item(),
                TransactWriteItem.builder().put(put).build(), checks, () -> written);
        return new WriteStep.Transact(transact.actions(), transact.then(), (index, failure, cancelled) ->
                WriteStep.recover(transact.explainer().explain(index, failure, cancelled),
                        ItemAlreadyExistsException.class, () -> present));
    }

    /**
     * Moves a stored item of an adapter with unique fields in one transaction: the target written (absent, or already
     * this very copy), the source deleted (unchanged since read), the guards of its unique values re-pointed from the
     * source to the target.
     *
     * @param stored the source as read
     * @param target the prepared target
     * @return the plan, run by {@link StoredItemCalls#moveReguarding}: it fails with a
     *         {@link UniqueValueTakenException} when a value's guard belongs to another row, a
     *         {@link ConditionalWriteException} when the target holds another item or the source changed since read,
     *         a {@link ParentNotFoundException} when the target's parent row is missing or being deleted
     */
    WriteStep moveReguardingPlan(Map<String, AttributeValue> stored, Prepared target) {
        context.preparer().validateDelete(keyOf(stored), WriteKind.DELETE);
        return writes.planner().moveReguarding(stored, new PreparedItem(target.item(), target.key()));
    }

    /**
     * Rewrites a stored item of an adapter with unique fields through a transform that kept its key, in one
     * transaction with the guards of the unique values it takes and releases (from the item as read to the rewrite).
     *
     * @param stored  the item as read
     * @param rewrite the prepared rewrite
     * @return the plan, run by {@link StoredItemCalls#rewriteReguarding}: it fails with a
     *         {@link UniqueValueTakenException} when a value it takes belongs to another row, a
     *         {@link ConditionalWriteException} when the item changed since read
     */
    WriteStep rewriteReguardingPlan(Map<String, AttributeValue> stored, Prepared rewrite) {
        return writes.planner().rewriteReguarding(stored, new PreparedItem(rewrite.item(), rewrite.key()));
    }

    /**
     * Writes the missing guard of a stored row's value of a unique field, where no guard is there or it already points
     * at the row, checking in the same transaction that the row still holds the value.
     *
     * @param field the unique field
     * @param row   the row as read
     * @return the plan, run by {@link StoredItemCalls#takeGuard}: it fails with a {@link UniqueValueTakenException}
     *         when the guard belongs to another row, a {@link ConditionalWriteException} when the row is gone or no
     *         longer holds the value
     */
    WriteStep takeGuardPlan(String field, Map<String, AttributeValue> row) {
        return writes.planner().takeGuard(field, row);
    }

    /** @return whether inserts under parent rows are guarded (see {@link AdapterDeclaration#parentGuard()}) */
    public boolean guarded() {
        return writes.guard().enabled();
    }

    /**
     * Checks, after a batch wrote them, that the items' parent rows still stand and are not being deleted.
     *
     * @param written the items as written
     * @return those under a fallen parent, which the caller must undo (delete) and report
     */
    public List<Prepared> fallen(List<Prepared> written) {
        return blocking.run(fallenPlan(written));
    }

    /** @return the plan of {@link #fallen} */
    BatchStep<List<Prepared>> fallenPlan(List<Prepared> written) {
        if (!guarded() || written.isEmpty()) {
            return BatchStep.done(List.of());
        }
        return writes.guard().fallenPlan(written.stream().map(Prepared::item).toList(), Set.of()).then(items -> {
            Set<Map<String, AttributeValue>> fallenItems = Collections.newSetFromMap(new IdentityHashMap<>());
            fallenItems.addAll(items);
            return BatchStep.done(written.stream().filter(prepared -> fallenItems.contains(prepared.item()))
                    .toList());
        });
    }

    /**
     * Refuses, before writing, items that would have no parent row standing: neither in the table (not being
     * deleted) nor among the items themselves.
     *
     * @throws ParentNotFoundException naming the first such item and its parent
     */
    public void requireParents(List<Prepared> items) {
        blocking.run(requireParentsPlan(items));
    }

    /** @return the plan of {@link #requireParents}: its continuation throws the refusal */
    BatchStep<Void> requireParentsPlan(List<Prepared> items) {
        if (!guarded() || items.isEmpty()) {
            return BatchStep.done(null);
        }
        Set<Map<String, AttributeValue>> alongside = new HashSet<>();
        items.forEach(item -> alongside.add(item.key()));
        return writes.guard().fallenPlan(items.stream().map(Prepared::item).toList(), alongside).then(orphans -> {
            if (!orphans.isEmpty()) {
                Map<String, AttributeValue> first = orphans.get(0);
                throw writes.guard().failure(keyOf(first), first, null);
            }
            return BatchStep.done(null);
        });
    }

    /** @return the failure to report for an item written under a fallen parent */
    public ParentNotFoundException parentFallen(Prepared prepared) {
        return writes.guard().failure(prepared.key(), prepared.item(), null);
    }

    /**
     * Marks a node as being deleted (keeping a mark an earlier run left), so that guarded inserts under it fail.
     *
     * @param key the node's primary key
     * @return the mark, or {@link DeletingMark#NO_NODE} when no node has the key
     */
    public DeletingMark markDeleting(Map<String, AttributeValue> key) {
        return writes.guard().markDeleting(key);
    }

    /** @return the plan of {@link #markDeleting}, read by {@link #markOf} */
    WriteStep markPlan(Map<String, AttributeValue> key) {
        return writes.guard().markPlan(key);
    }

    /** @return the mark the outcome of a {@link #markPlan} stands for */
    DeletingMark markOf(RawWrite marked) {
        return writes.guard().markOf(marked);
    }

    /**
     * Deletes a node marked by {@link #markDeleting} if it still carries that mark.
     *
     * @return whether it was deleted, was gone, or lost its mark (it was rewritten since it was marked)
     */
    public NodeDelete deleteMarked(Map<String, AttributeValue> key, DeletingMark mark) {
        return writes.guard().deleteMarked(key, mark);
    }

    /** @return the plan of {@link #deleteMarked}, read by {@link ParentGuard#nodeDeleteOf} */
    WriteStep deleteMarkedPlan(Map<String, AttributeValue> key, DeletingMark mark) {
        if (writes.planner().guardsUniques()) {
            String token = Objects.requireNonNull(mark.token(), "a set mark");
            return writes.planner().deleteReleasingGuards(key, writes.guard().markIs(token),
                    () -> new WriteStep.Read(writes.planner().currentRequest(key),
                            current -> new WriteStep.Done(RawWrite.unchanged(current))));
        }
        return writes.guard().deleteMarkedPlan(key, mark);
    }

    /** @return whether an item was deleted: false when none with the key exists */
    public boolean deleteIfExists(Map<String, AttributeValue> key) {
        return blocking.run(deleteIfExistsPlan(key)).written();
    }

    /** @return the plan of {@link #deleteIfExists}: written, or not when there is no item */
    WriteStep deleteIfExistsPlan(Map<String, AttributeValue> key) {
        context.preparer().validateDelete(key, WriteKind.DELETE);
        if (writes.planner().guardsUniques()) {
            return writes.planner().deleteReleasingGuards(key, writes.exists(),
                    () -> new WriteStep.Done(RawWrite.unchanged(null)));
        }
        DeleteItemRequest request = ExpressionRequest.create().condition(writes.exists())
                .applyTo(DeleteItemRequest.builder().tableName(context.table()).key(key)).build();
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new RawWrite(null, Map.of(), true)),
                (item, failed) -> new WriteStep.Done(RawWrite.unchanged(null)));
    }

    /**
     * Deletes a stored item only if it is unchanged since it was read (same version when versioned).
     *
     * @throws ConditionalWriteException (a {@link VersionConflictException} or {@link ItemNotFoundException})
     *                                   when it changed or is gone
     */
    public void deleteUnchanged(Map<String, AttributeValue> stored) {
        blocking.run(deleteUnchangedPlan(stored));
    }

    /** @return the plan of {@link #deleteUnchanged}: fails with the explained conflict */
    WriteStep deleteUnchangedPlan(Map<String, AttributeValue> stored) {
        Long version = context.versionOf(stored);
        Condition condition = SingleItemWrites.allOf(writes.exists(), writes.versionIs(version));
        Map<String, AttributeValue> key = keyOf(stored);
        context.preparer().validateDelete(key, WriteKind.DELETE);
        DeleteItemRequest request = ExpressionRequest.create().condition(condition)
                .applyTo(DeleteItemRequest.builder().tableName(context.table()).key(key)).build();
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new RawWrite(null, Map.of(), true)),
                (item, failed) -> writes.planner().explain(key, WriteExpectation.present(version), null, failed));
    }

    /**
     * Sets and removes some attributes of a stored item, the toolkit's computed ones (index markers, shards,
     * composites): no hook or validator runs and the version stays, since the item does not change as the
     * application sees it. Written only if the item still exists and every watched attribute still holds the value
     * read (or is still absent), so a concurrent write of the item wins.
     *
     * @param stored   the item as read
     * @param toWrite  attributes to set
     * @param toRemove attributes to remove
     * @param watched  the attributes that must be unchanged since read (those the new values are computed from,
     *                 and those written or removed)
     * @return whether written: false when the item changed or is gone since it was read
     */
    public boolean rewriteIfUnchanged(Map<String, AttributeValue> stored, Map<String, AttributeValue> toWrite,
            Collection<String> toRemove, Collection<String> watched) {
        return blocking.run(rewritePlan(stored, toWrite, toRemove, watched)).written();
    }

    /** @return the plan of {@link #rewriteIfUnchanged}: written, or not when the item changed or is gone */
    WriteStep rewritePlan(Map<String, AttributeValue> stored, Map<String, AttributeValue> toWrite,
            Collection<String> toRemove, Collection<String> watched) {
        Update update = Update.empty();
        for (Map.Entry<String, AttributeValue> attribute : toWrite.entrySet()) {
            update = update.set(attribute.getKey(), attribute.getValue());
        }
        for (String attribute : toRemove) {
            update = update.remove(attribute);
        }
        List<Condition> unchanged = new ArrayList<>(watched.size() + 1);
        unchanged.add(writes.exists());
        for (String attribute : watched) {
            AttributeValue read = stored.get(attribute);
            unchanged.add(read == null ? Condition.attribute(attribute).notExists()
                    : Condition.attribute(attribute).eq(read));
        }
        UpdateItemRequest request = ExpressionRequest.create().update(update).condition(Condition.allOf(unchanged))
                .applyTo(UpdateItemRequest.builder().tableName(context.table()).key(keyOf(stored))
                        .returnConsumedCapacity(context.capacity())).build();
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new RawWrite(null, Map.of(), true)),
                (item, failed) -> new WriteStep.Done(RawWrite.unchanged(null)));
    }

    /** @return the item stored under a key (strongly consistent), or null */
    public @Nullable Map<String, AttributeValue> read(Map<String, AttributeValue> key) {
        return blocking.run(readPlan(key)).item();
    }

    /** @return the plan of {@link #read}: it ends with the item, or null */
    WriteStep readPlan(Map<String, AttributeValue> key) {
        return new WriteStep.Read(GetItemRequest.builder().tableName(context.table()).key(key).consistentRead(true)
                .build(), item -> new WriteStep.Done(RawWrite.unchanged(item)));
    }

    /**
     * Edits a stored item with the adapter's mapping: maps it, diffs the top-level attributes and writes only the
     * changes, checked against the version read.
     *
     * @return whether anything was written
     * @throws VersionConflictException when the item was written since it was read
     * @throws IllegalArgumentException when the mapper changes the key
     */
    public boolean edit(Map<String, AttributeValue> stored, UnaryOperator<T> mapper) {
        return blocking.run(editPlan(stored, mapper)).written();
    }

    /** @return the plan of {@link #edit}; throws as it does */
    WriteStep editPlan(Map<String, AttributeValue> stored, UnaryOperator<T> mapper) {
        Map<String, AttributeValue> before = adapter.toAttributes(adapter.toItem(stored));
        Map<String, AttributeValue> after = adapter.toAttributes(mapper.apply(adapter.toItem(stored)));
        if (!context.keys().codec().primaryKeyFromItem(after).equals(keyOf(stored))) {
            throw new IllegalArgumentException("The edit changes the key of " + keyOf(stored)
                    + "; keys are identity: use a move to change them");
        }
        return new ItemEditor(context, writes.planner()).edit(stored, before, after);
    }

    /**
     * One page of stored items.
     *
     * @param items      the items as stored
     * @param nextCursor the cursor of the next page, or null at the end
     * @param stats      what the page cost
     */
    public record Page(List<Map<String, AttributeValue>> items, @Nullable String nextCursor, ReadStats stats) {
    }

    /**
     * The deleting mark of a node whose cascade delete has begun.
     *
     * @param nodeExists whether the node row exists (a missing node is not marked)
     * @param token      the mark's value: when the delete began, and a random part
     * @param fresh      whether this call set it (else an earlier run did)
     */
    public record DeletingMark(boolean nodeExists, @Nullable String token, boolean fresh) {

        /** No node row: nothing to mark, and guarded inserts under it fail anyway. */
        public static final DeletingMark NO_NODE = new DeletingMark(false, null, false);
    }

    /** What became of a marked node's final delete. */
    public enum NodeDelete {
        /** Deleted, with its mark intact. */
        DELETED,
        /** No node with the key exists. */
        GONE,
        /** The node was rewritten since it was marked, losing the mark: inserts may have slipped under it. */
        MARK_CHANGED
    }

    /**
     * An item prepared for writing.
     *
     * @param item the attributes to write
     * @param key  its primary key
     */
    public record Prepared(Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
    }
}
