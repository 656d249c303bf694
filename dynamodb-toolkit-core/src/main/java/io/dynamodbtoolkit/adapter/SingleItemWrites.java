package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.batch.ActionCollector;
import io.dynamodbtoolkit.batch.TransactionAction;
import io.dynamodbtoolkit.batch.TransactionCancelledException;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The single-item writes of an adapter, on attribute maps: create, replace, create-or-replace, patch and delete,
 * each with the toolkit's conditions (existence, optimistic locking) ANDed with the caller's, a failed
 * condition explained with the item as it is now, and the consistency hook turning a write into a transaction.
 */
final class SingleItemWrites {

    private final AdapterContext context;
    private final Condition exists;
    private final Condition notExists;
    private final ExpressionRequest existsRequest;
    private final ExpressionRequest notExistsRequest;
    private final StoredCreatedAt storedCreatedAt;
    private final ParentGuard guard;

    SingleItemWrites(AdapterContext context) {
        this.context = context;
        this.storedCreatedAt = new StoredCreatedAt(context);
        this.guard = new ParentGuard(context);
        this.exists = Condition.attribute(context.partitionKeyName()).exists();
        this.notExists = Condition.attribute(context.partitionKeyName()).notExists();
        this.existsRequest = ExpressionRequest.create().condition(exists);
        this.notExistsRequest = ExpressionRequest.create().condition(notExists);
    }

    /** Creates an item; fails if one with its key exists. Versioned items start at version 1. */
    RawWrite post(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        PreparedItem prepared = context.preparer().prepareFull(input, kind, context.versioned() ? 1L : null,
                context.preparer().now());
        return put(prepared, kind, allOf(notExists(), options.condition()), WriteExpectation.ABSENT,
                options);
    }

    /**
     * Replaces an existing item; a versioned item must carry the version the caller observed. The stored
     * created-at is kept when the caller's attributes do not carry one.
     */
    RawWrite replace(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        Long observed = context.versionOf(input);
        if (context.versioned() && observed == null) {
            throw new IllegalArgumentException("Replacing a versioned item needs the version it was read at ('"
                    + context.keys().versionField().orElseThrow() + "'); read the item first, or create it");
        }
        PreparedItem prepared = context.preparer().prepareFull(input, kind,
                observed == null ? null : observed + 1, storedCreatedAt.of(input));
        Condition condition = allOf(exists(), versionIs(observed), options.condition());
        return put(prepared, kind, condition, WriteExpectation.present(observed), options);
    }

    /**
     * Creates or replaces an item. A versioned item carrying a version is replaced only at that version; one
     * without is created, as a new item. An unversioned item keeps the created-at it carries, else the stored
     * one, else gets the current time.
     */
    RawWrite createOrReplace(Map<String, AttributeValue> input, WriteOptions options) {
        if (context.versioned()) {
            return context.versionOf(input) == null ? post(input, WriteKind.PUT_FORCE, options)
                    : replace(input, WriteKind.PUT_FORCE, options);
        }
        AttributeValue createdAt = context.keys().createdAtField().map(input::get)
                .orElseGet(() -> storedCreatedAt.of(input));
        PreparedItem prepared = context.preparer().prepareFull(input, WriteKind.PUT_FORCE, null,
                createdAt != null ? createdAt : context.preparer().now());
        return put(prepared, WriteKind.PUT_FORCE, options.condition(), WriteExpectation.ANY, options);
    }

    /**
     * Updates some attributes of an existing item, never creating one. Key fields and technical fields among the
     * changes are ignored; a change to a DynamoDB null (or Java null) removes the attribute.
     *
     * @param key     the item's key
     * @param changes attributes to set, or to remove where null
     * @param actions further update actions (increments, list appends, ...), or an empty update
     * @param options the expected version (else taken from the changes' version field), extra condition,
     *                return values (default ALL_NEW)
     */
    RawWrite patch(KeyValues key, Map<String, AttributeValue> changes, Update actions, WriteOptions options) {
        Map<String, AttributeValue> primaryKey = context.keys().codec().primaryKeyFromKeyValues(key);
        Long observed = options.expectedVersion() != null ? options.expectedVersion() : context.versionOf(changes);
        Map<String, AttributeValue> prepared = context.preparer().preparePatch(changes);
        Set<String> touched = new HashSet<>(prepared.keySet());
        Set<String> acted = new HashSet<>();
        actions.paths().forEach(path -> acted.add(path.topLevelName()));
        context.preparer().checkPatchActions(acted);
        touched.addAll(acted);
        if (!context.indexes().affects(touched)) {
            return update(primaryKey, prepared, toUpdate(prepared).with(actions), WriteKind.PATCH, observed, options);
        }
        Set<String> sources = context.indexes().maintainedSources();
        actions.paths().stream().map(path -> path.topLevelName()).filter(sources::contains).findFirst()
                .ifPresent(name -> {
                    throw new IllegalArgumentException("Attribute '" + name + "' decides index membership, so it "
                            + "can only be changed with a plain set or remove in a patch (not an update action)");
                });
        Map<String, AttributeValue> current = readCurrent(primaryKey);
        if (current == null) {
            throw new ItemNotFoundException("No item with key " + AttributeValues.showKey(primaryKey)
                    + " exists in table " + context.table(), primaryKey, null, null);
        }
        Map<String, AttributeValue> after = patched(current, prepared);
        Map<String, AttributeValue> withMemberships = withMembershipChanges(current, prepared, after);
        Long checked = observed != null ? observed : context.versionOf(current);
        Condition unchangedSources = context.versioned() ? null : sourcesUnchanged(current, sources);
        return update(primaryKey, withMemberships, toUpdate(withComputedAttributes(prepared, after)).with(actions),
                WriteKind.PATCH, checked, options.withCondition(allOf(unchangedSources, options.condition())));
    }

    /** @return the item as a patch's changes will leave it, with the index attributes computed on it */
    private Map<String, AttributeValue> patched(Map<String, AttributeValue> current,
            Map<String, AttributeValue> changes) {
        Map<String, AttributeValue> after = new LinkedHashMap<>(current);
        changes.forEach((name, value) -> {
            if (value == null || Boolean.TRUE.equals(value.nul())) {
                after.remove(name);
            } else {
                after.put(name, value);
            }
        });
        context.indexes().addMemberships(after);
        return after;
    }

    /**
     * Adds to a patch's changes every index attribute the toolkit maintains, as the patched item must have it
     * (set, or removed where absent): written whether or not it differs from what was read, so that a write of
     * computed attributes made meanwhile (an index backfill, which neither bumps the version nor changes what the
     * patch's condition checks) cannot outlive the patch.
     */
    private Map<String, AttributeValue> withComputedAttributes(Map<String, AttributeValue> changes,
            Map<String, AttributeValue> after) {
        Map<String, AttributeValue> written = new LinkedHashMap<>(changes);
        for (String name : context.indexes().maintainedAttributes()) {
            written.put(name, after.getOrDefault(name, AttributeValue.fromNul(true)));
        }
        return written;
    }

    /**
     * Adds to a patch's changes the index attributes the patched item gains or loses (what the consistency hook
     * sees as changed), computed on the item as it will be.
     */
    private Map<String, AttributeValue> withMembershipChanges(Map<String, AttributeValue> current,
            Map<String, AttributeValue> changes, Map<String, AttributeValue> after) {
        Map<String, AttributeValue> all = new LinkedHashMap<>(changes);
        for (String name : context.indexes().maintainedAttributes()) {
            AttributeValue desired = after.get(name);
            if (desired == null) {
                if (current.containsKey(name) || changes.containsKey(name)) {
                    all.put(name, AttributeValue.fromNul(true));
                }
            } else if (!desired.equals(current.get(name))) {
                all.put(name, desired);
            }
        }
        return all;
    }

    /** A condition that the attributes deciding membership still hold what was read. */
    private static Condition sourcesUnchanged(Map<String, AttributeValue> current, Set<String> sources) {
        List<Condition> conditions = new ArrayList<>();
        for (String source : sources) {
            AttributeValue value = current.get(source);
            conditions.add(value == null ? Condition.attribute(source).notExists()
                    : Condition.attribute(source).eq(value));
        }
        return conditions.isEmpty() ? null : Condition.allOf(conditions);
    }

    /**
     * Applies an update to an existing item, bumping its version and checking the observed one.
     *
     * @param primaryKey the item's key
     * @param changes    the changed attributes, as the consistency hook sees them
     * @param update     the update actions
     * @param kind       the write path
     * @param observed   the version the caller observed, or null
     * @param options    extra condition and return values (default ALL_NEW)
     */
    RawWrite update(Map<String, AttributeValue> primaryKey, Map<String, AttributeValue> changes, Update update,
            WriteKind kind, Long observed, WriteOptions options) {
        if (context.versioned()) {
            update = update.increment(context.keys().versionField().orElseThrow(), 1);
        }
        if (update.isEmpty()) {
            throw new IllegalArgumentException("The patch of " + AttributeValues.showKey(primaryKey) + " changes "
                    + "nothing: key fields and technical fields are ignored in patches");
        }
        Condition condition = allOf(exists(), versionIs(observed), options.condition());
        WriteExpectation expectation = WriteExpectation.present(observed);
        List<TransactWriteItem> extras = extraActions(primaryKey, changes, kind);
        ExpressionRequest expressions = ExpressionRequest.create().update(update).condition(condition);
        if (!extras.isEmpty() || context.collecting()) {
            transact(primaryKey, null, expectation, TransactWriteItem.builder().update(expressions.applyTo(
                    software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(context.table())
                            .key(primaryKey).returnValuesOnConditionCheckFailure(
                                    ReturnValuesOnConditionCheckFailure.ALL_OLD)).build()).build(), List.of(), extras);
            if (context.collecting()) {
                return new RawWrite(null, Map.of(), true);
            }
            // TransactWriteItems returns no values: the item after the update is read back when it is asked for
            boolean allNew = options.returnValues() == null || options.returnValues() == ReturnValue.ALL_NEW;
            Map<String, AttributeValue> after = allNew ? readCurrent(primaryKey) : null;
            return new RawWrite(after, after == null ? Map.of() : after, true);
        }
        UpdateItemRequest request = expressions.applyTo(UpdateItemRequest.builder().tableName(context.table())
                .key(primaryKey)
                .returnValues(options.returnValues() != null ? options.returnValues() : ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        try {
            Map<String, AttributeValue> returned = context.client().updateItem(request).attributes();
            boolean allNew = request.returnValues() == ReturnValue.ALL_NEW;
            return new RawWrite(allNew ? returned : null, returned == null ? Map.of() : returned, true);
        } catch (ConditionalCheckFailedException e) {
            throw explain(primaryKey, expectation, e.item(), e);
        }
    }

    /**
     * Moves an item in one transaction: creates the target (which must not exist) and deletes the source (which
     * must exist, at the observed version).
     *
     * @param sourceKey the source's primary key
     * @param observed  the source's version, or null
     * @param target    the prepared target
     */
    RawWrite move(Map<String, AttributeValue> sourceKey, Long observed, PreparedItem target) {
        if (sourceKey.equals(target.key())) {
            throw new IllegalArgumentException("Moving " + AttributeValues.showKey(sourceKey) + " to the same key: "
                    + "a move must change the key; use an edit or a put to change other attributes");
        }
        TransactWriteItem put = TransactWriteItem.builder().put(ExpressionRequest.create().condition(notExists())
                .applyTo(Put.builder().tableName(context.table()).item(target.item())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())
                .build();
        TransactWriteItem delete = TransactWriteItem.builder().delete(ExpressionRequest.create()
                .condition(allOf(exists(), versionIs(observed)))
                .applyTo(Delete.builder().tableName(context.table()).key(sourceKey)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())
                .build();
        List<TransactionAction> actions = new ArrayList<>();
        actions.add(new TransactionAction(put, context.table(), target.key()));
        actions.add(new TransactionAction(delete, context.table(), sourceKey));
        List<TransactWriteItem> checks = guard.checks(target.item());
        checks.forEach(check -> actions.add(TransactionAction.of(check)));
        extraActions(target.key(), target.item(), WriteKind.MOVE).forEach(e -> actions.add(TransactionAction.of(e)));
        extraActions(sourceKey, null, WriteKind.MOVE).forEach(e -> actions.add(TransactionAction.of(e)));
        send(actions, (index, failure, cancelled) -> {
            if ("ConditionalCheckFailed".equals(failure.code()) && index < 2) {
                return index == 0 ? explain(target.key(), WriteExpectation.ABSENT, failure.item(), cancelled)
                        : explain(sourceKey, WriteExpectation.present(observed), failure.item(), cancelled);
            }
            return isGuardFailure(failure.code(), index, 2, checks.size())
                    ? guard.failure(target.key(), target.item(), cancelled) : null;
        });
        return new RawWrite(target.item(), Map.of(), true);
    }

    /**
     * Deletes an item. Idempotent (an absent item is no error) unless an expected version or a condition is
     * given.
     */
    RawWrite delete(KeyValues key, WriteKind kind, WriteOptions options) {
        Map<String, AttributeValue> primaryKey = context.keys().codec().primaryKeyFromKeyValues(key);
        context.preparer().validateDelete(primaryKey, kind);
        Long observed = options.expectedVersion();
        Condition condition = observed == null ? options.condition()
                : allOf(exists(), versionIs(observed), options.condition());
        WriteExpectation expectation = observed == null ? WriteExpectation.ANY : WriteExpectation.present(observed);
        ExpressionRequest expressions = conditionRequest(condition);
        List<TransactWriteItem> extras = extraActions(primaryKey, null, kind);
        if (context.collecting()) {
            // in a unit of work an idempotent delete stays unconditional: an absent item must not cancel the unit
            transact(primaryKey, null, expectation, TransactWriteItem.builder().delete(expressions.applyTo(
                    Delete.builder().tableName(context.table()).key(primaryKey)
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build()).build(), List.of(), extras);
            return new RawWrite(null, Map.of(), true);
        }
        if (!extras.isEmpty()) {
            return transactDelete(primaryKey, condition, expectation, extras);
        }
        DeleteItemRequest request = expressions.applyTo(DeleteItemRequest.builder().tableName(context.table())
                .key(primaryKey).returnValues(options.returnValues())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        try {
            Map<String, AttributeValue> returned = context.client().deleteItem(request).attributes();
            boolean allOld = request.returnValues() == ReturnValue.ALL_OLD && returned != null && !returned.isEmpty();
            boolean deleted = request.returnValues() != ReturnValue.ALL_OLD || allOld;
            return new RawWrite(allOld ? returned : null, returned == null ? Map.of() : returned, deleted);
        } catch (ConditionalCheckFailedException e) {
            throw explain(primaryKey, expectation, e.item(), e);
        }
    }

    /**
     * Deletes an item together with the consistency hook's extra actions in one transaction. An idempotent delete
     * (no expected version, no condition) is conditioned there on the item existing, so that the extra actions
     * commit only with a real delete: an absent item is still no error, and then nothing is written.
     */
    private RawWrite transactDelete(Map<String, AttributeValue> primaryKey, Condition condition,
            WriteExpectation expectation, List<TransactWriteItem> extras) {
        boolean idempotent = condition == null;
        Delete delete = ExpressionRequest.create().condition(idempotent ? exists() : condition)
                .applyTo(Delete.builder().tableName(context.table()).key(primaryKey)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        try {
            transact(primaryKey, null, idempotent ? WriteExpectation.present(null) : expectation,
                    TransactWriteItem.builder().delete(delete).build(), List.of(), extras);
        } catch (ItemNotFoundException e) {
            if (idempotent) {
                return new RawWrite(null, Map.of(), false);
            }
            throw e;
        }
        return new RawWrite(null, Map.of(), true);
    }

    /**
     * Writes a prepared item with a condition, as one PutItem or, with consistency actions or a parent guard, one
     * transaction. A write that may create the item (it is not an update of an existing one) is guarded when the
     * adapter guards parents.
     */
    RawWrite put(PreparedItem prepared, WriteKind kind, Condition condition, WriteExpectation expectation,
            WriteOptions options) {
        ExpressionRequest expressions = conditionRequest(condition);
        List<TransactWriteItem> checks = expectation.mustExist() ? List.of() : guard.checks(prepared.item());
        List<TransactWriteItem> extras = extraActions(prepared.key(), prepared.item(), kind);
        if (!extras.isEmpty() || !checks.isEmpty() || context.collecting()) {
            transact(prepared.key(), prepared.item(), expectation, TransactWriteItem.builder().put(expressions.applyTo(
                    Put.builder().tableName(context.table()).item(prepared.item())
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build()).build(), checks, extras);
            return new RawWrite(prepared.item(), Map.of(), true);
        }
        PutItemRequest request = expressions.applyTo(PutItemRequest.builder().tableName(context.table())
                .item(prepared.item()).returnValues(options.returnValues())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        try {
            Map<String, AttributeValue> returned = context.client().putItem(request).attributes();
            return new RawWrite(prepared.item(), returned == null ? Map.of() : returned, true);
        } catch (ConditionalCheckFailedException e) {
            throw explain(prepared.key(), expectation, e.item(), e);
        }
    }

    /**
     * Runs a write, its parent guard's checks and its extra actions as one transaction; a cancellation caused by
     * the write's own condition is explained like a failed condition of a single write, one caused by the guard as
     * a {@link ParentNotFoundException}.
     *
     * @param key         the written item's key
     * @param item        the item written (to name its parent), or null when no checks are given
     * @param expectation what the write assumed about the item
     * @param write       the write
     * @param checks      the parent guard's checks
     * @param extras      the consistency hook's actions
     */
    void transact(Map<String, AttributeValue> key, Map<String, AttributeValue> item, WriteExpectation expectation,
            TransactWriteItem write, List<TransactWriteItem> checks, List<TransactWriteItem> extras) {
        List<TransactionAction> actions = new ArrayList<>(1 + checks.size() + extras.size());
        actions.add(new TransactionAction(write, context.table(), key));
        checks.forEach(check -> actions.add(TransactionAction.of(check)));
        extras.forEach(extra -> actions.add(TransactionAction.of(extra)));
        send(actions, (index, failure, cancelled) -> {
            if (index == 0 && "ConditionalCheckFailed".equals(failure.code())) {
                return explain(key, expectation, failure.item(), cancelled);
            }
            return isGuardFailure(failure.code(), index, 1, checks.size()) ? guard.failure(key, item, cancelled)
                    : null;
        });
    }

    /**
     * Sends one write's actions as a transaction, or hands them to the unit of work the adapter collects into. A
     * cancellation is explained by the first failure the explainer knows, else rethrown as it is.
     */
    private void send(List<TransactionAction> actions, ActionCollector.FailureExplainer explainer) {
        if (context.collecting()) {
            context.collector().collect(actions, explainer);
            return;
        }
        try {
            context.transactions().write(actions, null);
        } catch (TransactionCancelledException e) {
            for (TransactionCancelledException.ActionFailure failure : e.failures()) {
                RuntimeException explained = explainer.explain(failure.index(), failure, e);
                if (explained != null) {
                    throw explained;
                }
            }
            throw e;
        }
    }

    private static boolean isGuardFailure(String code, int index, int firstCheck, int checks) {
        return "ConditionalCheckFailed".equals(code) && index >= firstCheck && index < firstCheck + checks;
    }

    /** @return the parent guard of the adapter's inserts */
    ParentGuard guard() {
        return guard;
    }

    /** @return the consistency hook's extra actions for a write, or an empty list */
    List<TransactWriteItem> extraActions(Map<String, AttributeValue> key, Map<String, AttributeValue> item,
            WriteKind kind) {
        Hooks.ConsistencyHook hook = context.hooks().consistency();
        if (hook == null) {
            return List.of();
        }
        List<TransactWriteItem> extras = hook.extraActions(key, item, kind);
        return extras == null ? List.of() : extras;
    }

    /** Explains a failed condition, reading the item (strongly) when DynamoDB did not return it. */
    ConditionalWriteException explain(Map<String, AttributeValue> key, WriteExpectation expectation,
            Map<String, AttributeValue> returnedItem, Throwable cause) {
        Map<String, AttributeValue> current = returnedItem != null && !returnedItem.isEmpty() ? returnedItem
                : readCurrent(key);
        return expectation.explain(context.table(), key, current == null ? null : context.preparer().revive(current),
                context.versionOf(current), cause);
    }

    private Map<String, AttributeValue> readCurrent(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = context.client().getItem(b -> b.tableName(context.table()).key(key)
                .consistentRead(true)).item();
        return item == null || item.isEmpty() ? null : item;
    }

    /** @return the expressions of a write with this condition; the constant existence checks are rendered once */
    private ExpressionRequest conditionRequest(Condition condition) {
        if (condition == null) {
            return ExpressionRequest.create();
        }
        if (condition == exists) {
            return existsRequest;
        }
        return condition == notExists ? notExistsRequest : ExpressionRequest.create().condition(condition);
    }

    Condition exists() {
        return exists;
    }

    Condition notExists() {
        return notExists;
    }

    /** @return a condition that the item is at a version, or null when no version is observed */
    Condition versionIs(Long observed) {
        if (observed == null || !context.versioned()) {
            return null;
        }
        return Condition.attribute(context.keys().versionField().orElseThrow()).eq(observed);
    }

    /** @return the conjunction of the non-null conditions, or null when there are none */
    static Condition allOf(Condition... conditions) {
        List<Condition> present = new ArrayList<>(conditions.length);
        for (Condition condition : conditions) {
            if (condition != null) {
                present.add(condition);
            }
        }
        return present.isEmpty() ? null : Condition.allOf(present);
    }

    private static Update toUpdate(Map<String, AttributeValue> changes) {
        Update update = Update.empty();
        for (Map.Entry<String, AttributeValue> change : changes.entrySet()) {
            AttributeValue value = change.getValue();
            update = value == null || Boolean.TRUE.equals(value.nul()) ? update.remove(change.getKey())
                    : update.set(change.getKey(), value);
        }
        return update;
    }

    /**
     * A write's outcome on attribute maps.
     *
     * @param item     the item as written or, for deletes asked for ALL_OLD, as removed (stored form), or null
     * @param returned what DynamoDB returned (stored form), or an empty map
     * @param written  whether anything was written (for a delete not asked for ALL_OLD outside a transaction: true,
     *                 as DynamoDB does not say whether the item existed)
     */
    record RawWrite(Map<String, AttributeValue> item, Map<String, AttributeValue> returned, boolean written) {

        static RawWrite unchanged(Map<String, AttributeValue> item) {
            return new RawWrite(item, Map.of(), false);
        }
    }
}
