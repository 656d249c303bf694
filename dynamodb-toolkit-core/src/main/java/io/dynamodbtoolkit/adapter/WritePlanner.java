package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.transaction.TransactionAction;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Plans the single-item writes of an adapter, on attribute maps: create, replace, create-or-replace, patch and
 * delete, each with the toolkit's conditions (existence, optimistic locking) ANDed with the caller's, a failed
 * condition explained with the item as it is now, and the consistency hook turning a write into a transaction. A
 * plan is a {@link WriteStep} with no client in it: {@link SingleItemWrites} runs it on the blocking client, the
 * asynchronous adapter on the asynchronous one.
 */
final class WritePlanner {

    private final AdapterContext context;
    private final Condition exists;
    private final Condition notExists;
    private final ExpressionRequest existsRequest;
    private final ExpressionRequest notExistsRequest;
    private final ItemReads reads;
    private final ParentGuard guard;
    private final GuardedRemoval removal;
    private final UniqueGuards uniques;

    WritePlanner(AdapterContext context) {
        this.context = context;
        this.uniques = new UniqueGuards(context);
        this.reads = new ItemReads(context);
        this.guard = new ParentGuard(context);
        this.removal = new GuardedRemoval(context, guard, this);
        this.exists = Condition.attribute(context.partitionKeyName()).exists();
        this.notExists = Condition.attribute(context.partitionKeyName()).notExists();
        this.existsRequest = ExpressionRequest.create().condition(exists);
        this.notExistsRequest = ExpressionRequest.create().condition(notExists);
    }

    /** Creates an item; fails if one with its key exists. Versioned items start at version 1. */
    WriteStep post(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        PreparedItem prepared = context.preparer().prepareFull(input, kind, context.versioned() ? 1L : null,
                context.preparer().now());
        return put(prepared, kind, allOf(notExists(), options.condition()), WriteExpectation.ABSENT,
                options);
    }

    /**
     * Replaces an existing item; a versioned item must carry the version the caller observed. The stored
     * created-at is kept when the caller's attributes do not carry one.
     */
    WriteStep replace(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        Long observed = context.versionOf(input);
        if (context.versioned() && observed == null) {
            throw new IllegalArgumentException("Replacing a versioned item needs the version it was read at ('"
                    + context.keys().versionField().orElseThrow() + "'); read the item first, or create it");
        }
        return withStoredCreatedAt(input, storedCreatedAt -> {
            PreparedItem prepared = context.preparer().prepareFull(input, kind,
                    observed == null ? null : observed + 1, storedCreatedAt);
            Condition condition = allOf(exists(), versionIs(observed), options.condition());
            return put(prepared, kind, condition, WriteExpectation.present(observed), options);
        });
    }

    /**
     * Goes on with the created-at a replacement keeps when the caller's attributes do not carry the field (a type
     * that does not map it): the stored item's, read with a projection of that attribute alone, strongly consistent;
     * null when no created-at field is declared, the caller's attributes carry it, or the item does not exist or has
     * none.
     */
    private WriteStep withStoredCreatedAt(Map<String, AttributeValue> input, Function<AttributeValue, WriteStep> then) {
        String field = context.keys().createdAtField().orElse(null);
        if (field == null || input.containsKey(field)) {
            return then.apply(null);
        }
        ReadOptions options = StoredCreatedAt.projection(field);
        return new WriteStep.Read(reads.request(context.keys().codec().primaryKeyFromItem(input), options), item -> {
            Map<String, AttributeValue> stored = reads.found(item, options);
            return then.apply(stored == null ? null : stored.get(field));
        });
    }

    /**
     * Creates or replaces an item. A versioned item carrying a version is replaced only at that version; one
     * without is created, as a new item. An unversioned item keeps the created-at it carries, else the stored
     * one, else gets the current time.
     */
    WriteStep createOrReplace(Map<String, AttributeValue> input, WriteOptions options) {
        if (context.versioned()) {
            return context.versionOf(input) == null ? post(input, WriteKind.PUT_FORCE, options)
                    : replace(input, WriteKind.PUT_FORCE, options);
        }
        AttributeValue own = context.keys().createdAtField().map(input::get).orElse(null);
        if (own != null) {
            return createOrReplace(input, own, options);
        }
        return withStoredCreatedAt(input, stored -> createOrReplace(input, stored, options));
    }

    private WriteStep createOrReplace(Map<String, AttributeValue> input, AttributeValue createdAt,
            WriteOptions options) {
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
    WriteStep patch(KeyValues key, Map<String, AttributeValue> changes, Update actions, WriteOptions options) {
        Map<String, AttributeValue> primaryKey = context.keys().codec().primaryKeyFromKeyValues(key);
        Long observed = options.expectedVersion() != null ? options.expectedVersion() : context.versionOf(changes);
        Map<String, AttributeValue> prepared = context.preparer().preparePatch(changes);
        Set<String> touched = new HashSet<>(prepared.keySet());
        Set<String> acted = new HashSet<>();
        actions.paths().forEach(path -> acted.add(path.topLevelName()));
        context.preparer().checkPatchActions(acted);
        touched.addAll(acted);
        uniques.refuseActionsOn(acted);
        boolean uniqueTouched = uniques.touches(prepared.keySet());
        if (!context.indexes().affects(touched) && !uniqueTouched) {
            return update(primaryKey, prepared, toUpdate(prepared).with(actions), WriteKind.PATCH, observed, options);
        }
        Set<String> sources = context.indexes().maintainedSources();
        actions.paths().stream().map(path -> path.topLevelName()).filter(sources::contains).findFirst()
                .ifPresent(name -> {
                    throw new IllegalArgumentException("Attribute '" + name + "' decides index membership, so it "
                            + "can only be changed with a plain set or remove in a patch (not an update action)");
                });
        return new WriteStep.Read(currentRequest(primaryKey), current -> {
            if (current == null) {
                return new WriteStep.Failed(new ItemNotFoundException("No item with key "
                        + AttributeValues.showKey(primaryKey) + " exists in table " + context.table(), primaryKey,
                        null, null));
            }
            Map<String, AttributeValue> after = patched(current, prepared);
            Map<String, AttributeValue> withMemberships = withMembershipChanges(current, prepared, after);
            Long checked = observed != null ? observed : context.versionOf(current);
            Condition unchangedSources = context.versioned() ? null : sourcesUnchanged(current, sources);
            Update update = toUpdate(withComputedAttributes(prepared, after)).with(actions);
            WriteOptions conditioned = options.withCondition(allOf(unchangedSources, options.condition()));
            Guarded guarded = uniqueTouched ? new Guarded(current, uniques.swap(current, after),
                    () -> patch(key, changes, actions, options)) : Guarded.NONE;
            return update(primaryKey, withMemberships, update, WriteKind.PATCH, checked, conditioned, guarded);
        });
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
    private static @Nullable Condition sourcesUnchanged(Map<String, AttributeValue> current, Set<String> sources) {
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
    WriteStep update(Map<String, AttributeValue> primaryKey, Map<String, AttributeValue> changes, Update update,
            WriteKind kind, @Nullable Long observed, WriteOptions options) {
        return update(primaryKey, changes, update, kind, observed, options, Guarded.NONE);
    }

    /**
     * Applies an update to an existing item as read, with the guards of the unique values it changes; see
     * {@link #update(Map, Map, Update, WriteKind, Long, WriteOptions)}.
     *
     * @param stored the item as read, before the update
     * @param after  the item as the update leaves it
     */
    WriteStep update(Map<String, AttributeValue> primaryKey, Map<String, AttributeValue> changes, Update update,
            WriteKind kind, @Nullable Long observed, Map<String, AttributeValue> stored,
            Map<String, AttributeValue> after) {
        Guarded guarded = uniques.touches(changes.keySet())
                ? new Guarded(stored, uniques.swap(stored, after), null) : Guarded.NONE;
        return update(primaryKey, changes, update, kind, observed, WriteOptions.defaults(), guarded);
    }

    private WriteStep update(Map<String, AttributeValue> primaryKey, Map<String, AttributeValue> changes,
            Update update, WriteKind kind, @Nullable Long observed, WriteOptions options, Guarded guarded) {
        if (context.versioned()) {
            update = update.increment(context.keys().versionField().orElseThrow(), 1);
        }
        if (update.isEmpty()) {
            throw new IllegalArgumentException("The patch of " + AttributeValues.showKey(primaryKey) + " changes "
                    + "nothing: key fields and technical fields are ignored in patches");
        }
        Condition condition = allOf(exists(), versionIs(observed), options.condition(), guarded.asRead(uniques));
        WriteExpectation expectation = WriteExpectation.present(observed);
        List<TransactWriteItem> extras = extraActions(primaryKey, changes, kind);
        ExpressionRequest expressions = ExpressionRequest.create().update(update).condition(condition);
        if (!extras.isEmpty() || context.collecting() || !guarded.swap().isEmpty()) {
            // TransactWriteItems returns no values: the item after the update is read back when it is asked for
            boolean allNew = options.returnValues() == null || options.returnValues() == ReturnValue.ALL_NEW;
            return transact(primaryKey, null, expectation, TransactWriteItem.builder().update(expressions.applyTo(
                    software.amazon.awssdk.services.dynamodb.model.Update.builder().tableName(context.table())
                            .key(primaryKey).returnValuesOnConditionCheckFailure(
                                    ReturnValuesOnConditionCheckFailure.ALL_OLD)).build()).build(), List.of(), extras,
                    guarded, () -> context.collecting() || !allNew
                            ? new WriteStep.Done(new RawWrite(null, Map.of(), true))
                            : new WriteStep.Read(currentRequest(primaryKey), after -> new WriteStep.Done(
                                    new RawWrite(after, after == null ? Map.of() : after, true))));
        }
        UpdateItemRequest request = expressions.applyTo(UpdateItemRequest.builder().tableName(context.table())
                .key(primaryKey)
                .returnValues(options.returnValues() != null ? options.returnValues() : ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        boolean allNew = request.returnValues() == ReturnValue.ALL_NEW;
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new RawWrite(allNew ? returned : null, returned, true)),
                (item, failure) -> explainOrReplan(primaryKey, expectation, guarded, item, failure));
    }

    /**
     * Moves an item in one transaction: creates the target (which must not exist) and deletes the source (which
     * must exist, at the observed version). Under the parent guard, a source with rows under it is refused with a
     * {@link NodeHasChildrenException} (see {@link GuardedRemoval}).
     *
     * @param sourceKey the source's primary key
     * @param observed  the source's version, or null
     * @param target    the prepared target
     */
    WriteStep move(Map<String, AttributeValue> sourceKey, @Nullable Long observed, PreparedItem target) {
        if (sourceKey.equals(target.key())) {
            throw new IllegalArgumentException("Moving " + AttributeValues.showKey(sourceKey) + " to the same key: "
                    + "a move must change the key; use an edit or a put to change other attributes");
        }
        if (!removal.applies(sourceKey)) {
            return guardedMove(sourceKey, observed, null, target);
        }
        WriteExpectation expectation = WriteExpectation.present(observed);
        return removal.plan(sourceKey, GuardedRemoval.Operation.MOVE, versionIs(observed), expectation,
                () -> explain(sourceKey, expectation, null, null),
                held -> guardedMove(sourceKey, observed, held, target));
    }

    /** @return the move, after a read of the source whose unique values it re-points when fields are unique */
    private WriteStep guardedMove(Map<String, AttributeValue> sourceKey, @Nullable Long observed,
            @Nullable Condition held, PreparedItem target) {
        if (!uniques.declared()) {
            return move(sourceKey, observed, held, target, Guarded.NONE, MoveTarget.ABSENT);
        }
        return new WriteStep.Read(currentRequest(sourceKey), source -> move(sourceKey, observed, held, target,
                new Guarded(source, uniques.swap(source, target.item()),
                        () -> guardedMove(sourceKey, observed, held, target)), MoveTarget.ABSENT));
    }

    /**
     * A mass move of one row of an adapter with unique fields, in one transaction: puts the target (absent, or
     * already holding this very copy: a move a crashed run made), deletes the source as the mass operation read it
     * (its version and unique values), and re-points the guards of its unique values from the source to the target
     * (each guard pointing at the source, already at the target, or missing); a value the transform changes releases
     * the old value's guard and takes the new one's. The source is not read again: a source changed since, a target
     * holding another item, a guard held by another row fail the move (nothing written). No check that the source has
     * no rows under it: a subtree move moves them too, as the mass move's other writes do.
     *
     * @param source the source as read
     * @param target the prepared target
     */
    WriteStep moveReguarding(Map<String, AttributeValue> source, PreparedItem target) {
        return move(context.keys().codec().primaryKeyFromItem(source), context.versionOf(source), null, target,
                new Guarded(source, uniques.swap(source, target.item()), null), MoveTarget.ABSENT_OR_THIS_COPY);
    }

    /**
     * @return the move's transaction, its source's delete also conditioned on {@code held} (when not null) and on the
     *         source being as read, with the guards of its unique values; the target's put conditioned as
     *         {@code rule} says
     */
    private WriteStep move(Map<String, AttributeValue> sourceKey, @Nullable Long observed, @Nullable Condition held,
            PreparedItem target, Guarded guarded, MoveTarget rule) {
        Condition targetCondition = rule == MoveTarget.THIS_COPY ? holding(target.item()) : notExists();
        TransactWriteItem put = TransactWriteItem.builder().put(ExpressionRequest.create().condition(targetCondition)
                .applyTo(Put.builder().tableName(context.table()).item(target.item())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build())
                .build();
        TransactWriteItem delete = TransactWriteItem.builder().delete(ExpressionRequest.create()
                .condition(allOf(exists(), versionIs(observed), held, guarded.asRead(uniques)))
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
        int firstGuard = actions.size();
        guarded.swap().items().forEach(item -> actions.add(TransactionAction.of(item)));
        return new WriteStep.Transact(actions, () -> new WriteStep.Done(new RawWrite(target.item(), Map.of(), true)),
                (index, failure, cancelled) -> {
                    if ("ConditionalCheckFailed".equals(failure.code()) && index == 0
                            && rule == MoveTarget.ABSENT_OR_THIS_COPY) {
                        Supplier<WriteStep> redo = () -> move(sourceKey, observed, held, target, guarded,
                                MoveTarget.THIS_COPY);
                        Map<String, AttributeValue> returned = failure.item();
                        if (returned != null && !returned.isEmpty()) {
                            return target.item().equals(returned) ? redo.get()
                                    : explain(target.key(), WriteExpectation.ABSENT, returned, cancelled);
                        }
                        return new WriteStep.Read(currentRequest(target.key()), current -> target.item()
                                .equals(current) ? redo.get() : explain(target.key(), WriteExpectation.ABSENT,
                                        current, cancelled));
                    }
                    if ("ConditionalCheckFailed".equals(failure.code()) && index < 2) {
                        return index == 0 ? explain(target.key(), WriteExpectation.ABSENT, failure.item(), cancelled)
                                : explainOrReplan(sourceKey, WriteExpectation.present(observed), guarded,
                                        failure.item(), cancelled);
                    }
                    if (isGuardFailure(failure.code(), index, 2, checks.size())) {
                        return new WriteStep.Failed(guard.failure(target.key(), target.item(), cancelled));
                    }
                    return failed(uniques.failure(guarded.swap(), index - firstGuard, failure.code(), target.key(),
                            cancelled));
                });
    }

    /**
     * Deletes an item. Idempotent (an absent item is no error) unless an expected version or a condition is
     * given. Under the parent guard, an item with rows under it is refused with a {@link NodeHasChildrenException}
     * (see {@link GuardedRemoval}).
     */
    WriteStep delete(KeyValues key, WriteKind kind, WriteOptions options) {
        Map<String, AttributeValue> primaryKey = context.keys().codec().primaryKeyFromKeyValues(key);
        context.preparer().validateDelete(primaryKey, kind);
        Long observed = options.expectedVersion();
        Condition condition = observed == null ? options.condition()
                : allOf(exists(), versionIs(observed), options.condition());
        WriteExpectation expectation = observed == null ? WriteExpectation.ANY : WriteExpectation.present(observed);
        List<TransactWriteItem> extras = extraActions(primaryKey, null, kind);
        if (!removal.applies(primaryKey)) {
            return guardedDelete(primaryKey, condition, expectation, extras, options);
        }
        Supplier<WriteStep> absent = condition == null
                ? () -> new WriteStep.Done(new RawWrite(null, Map.of(), false))
                : () -> explain(primaryKey, expectation, null, null);
        return removal.plan(primaryKey, GuardedRemoval.Operation.DELETE, condition, expectation, absent,
                held -> guardedDelete(primaryKey, allOf(held, condition), expectation, extras, options));
    }

    /**
     * @return the delete, after a read of the row whose unique values it releases when fields are unique: no row
     *         read, nothing written (or, with a condition or expected version, the failure it meets)
     */
    private WriteStep guardedDelete(Map<String, AttributeValue> primaryKey, @Nullable Condition condition,
            WriteExpectation expectation, List<TransactWriteItem> extras, WriteOptions options) {
        if (!uniques.declared()) {
            return delete(primaryKey, condition, expectation, extras, options, Guarded.NONE);
        }
        return new WriteStep.Read(currentRequest(primaryKey), current -> {
            if (current == null && !context.collecting()) {
                return condition == null ? new WriteStep.Done(new RawWrite(null, Map.of(), false))
                        : explain(primaryKey, expectation, null, null);
            }
            return delete(primaryKey, condition, expectation, extras, options, new Guarded(current,
                    uniques.swap(current, null), () -> guardedDelete(primaryKey, condition, expectation, extras,
                            options)));
        });
    }

    /** @return whether the adapter declares unique fields, whose guards its writes keep */
    boolean guardsUniques() {
        return uniques.declared();
    }

    /** @return the condition that an item holds exactly these attributes (and may hold others) */
    private static Condition holding(Map<String, AttributeValue> item) {
        List<Condition> equal = new ArrayList<>(item.size());
        item.forEach((name, value) -> equal.add(Condition.attribute(name).eq(value)));
        return Condition.allOf(equal);
    }

    /**
     * Like {@link #transact(Map, Map, WriteExpectation, TransactWriteItem, List, List, Supplier)} for a write that
     * creates the item (its condition: no item holds its key), with the guards of the item's unique values: a value
     * another row holds is a {@link UniqueValueTakenException}.
     */
    WriteStep.Transact insertTakingGuards(Map<String, AttributeValue> key, Map<String, AttributeValue> item,
            TransactWriteItem write, List<TransactWriteItem> checks, Supplier<WriteStep> then) {
        return transact(key, item, WriteExpectation.ABSENT, write, checks, List.of(),
                new Guarded(null, uniques.swap(null, item), null), then);
    }

    /**
     * A mass rewrite of one row of an adapter with unique fields: the row written through a transform that keeps its
     * key, in one transaction with the guards of the unique values it takes and releases, from the state the mass
     * operation read (the row's write conditioned on the row still holding the version and unique values read) to the
     * rewrite. A taken value is a {@link UniqueValueTakenException}, a row changed since it was read a
     * {@link ConditionalWriteException}; nothing is written then.
     *
     * @param read    the row as read
     * @param rewrite the prepared rewrite
     */
    WriteStep rewriteReguarding(Map<String, AttributeValue> read, PreparedItem rewrite) {
        Long version = context.versionOf(read);
        return put(rewrite, WriteKind.BATCH_PUT, allOf(versionIs(version), uniques.asRead(read)),
                WriteExpectation.present(version), WriteOptions.defaults(),
                new Guarded(read, uniques.swap(read, rewrite.item()), null));
    }

    /**
     * Writes the missing guard of a stored row's value of a unique field (a backfill of guards): the guard put where
     * none is there or it already points at the row, in one transaction with a check that the row still holds the
     * value.
     *
     * @param field the unique field
     * @param row   the row as read, holding a value of it
     * @return the plan: fails with a {@link UniqueValueTakenException} when another row's guard is there, with a
     *         {@link ConditionalWriteException} when the row is gone or no longer holds the value
     */
    WriteStep takeGuard(String field, Map<String, AttributeValue> row) {
        Map<String, AttributeValue> key = context.keys().codec().primaryKeyFromItem(row);
        UniqueGuards.Swap swap = uniques.taking(field, row);
        if (swap.isEmpty()) {
            throw new IllegalArgumentException("The row " + AttributeValues.showKey(key) + " holds no value of '"
                    + field + "': there is no guard to write");
        }
        ConditionCheck holds = ExpressionRequest.create()
                .condition(Condition.allOf(exists(), Condition.attribute(field)
                        .eq(Objects.requireNonNull(row.get(field), "a guarded value"))))
                .applyTo(ConditionCheck.builder().tableName(context.table()).key(key)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        List<TransactionAction> actions = new ArrayList<>(1 + swap.actions().size());
        actions.add(new TransactionAction(TransactWriteItem.builder().conditionCheck(holds).build(), context.table(),
                key));
        swap.items().forEach(item -> actions.add(TransactionAction.of(item)));
        return new WriteStep.Transact(actions, () -> new WriteStep.Done(new RawWrite(null, Map.of(), true)),
                (index, failure, cancelled) -> index == 0 && "ConditionalCheckFailed".equals(failure.code())
                        ? explain(key, WriteExpectation.present(null), failure.item(), cancelled)
                        : failed(uniques.failure(swap, index - 1, failure.code(), key, cancelled)));
    }

    /**
     * Deletes a stored row on a condition of the caller's (a mass delete's existence, a cascade's mark), releasing
     * the guards of its unique values in the same transaction: the row is read first (strongly), and its delete is
     * also conditioned on its unique values being as read.
     *
     * @param primaryKey the row's key
     * @param condition  the caller's condition
     * @param notDeleted the step when there is no row, or the caller's condition does not hold
     * @return the plan: written when the row was deleted
     */
    WriteStep deleteReleasingGuards(Map<String, AttributeValue> primaryKey, Condition condition,
            Supplier<WriteStep> notDeleted) {
        return new WriteStep.Read(currentRequest(primaryKey), current -> {
            if (current == null) {
                return notDeleted.get();
            }
            UniqueGuards.Swap swap = uniques.swap(current, null);
            Delete delete = ExpressionRequest.create().condition(allOf(condition, uniques.asRead(current)))
                    .applyTo(Delete.builder().tableName(context.table()).key(primaryKey)
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build();
            List<TransactionAction> actions = new ArrayList<>(1 + swap.actions().size());
            actions.add(new TransactionAction(TransactWriteItem.builder().delete(delete).build(), context.table(),
                    primaryKey));
            swap.items().forEach(item -> actions.add(TransactionAction.of(item)));
            Supplier<WriteStep> again = () -> deleteReleasingGuards(primaryKey, condition, notDeleted);
            return new WriteStep.Transact(actions, () -> new WriteStep.Done(new RawWrite(null, Map.of(), true)),
                    (index, failure, cancelled) -> {
                        if (index == 0 && "ConditionalCheckFailed".equals(failure.code())) {
                            Map<String, AttributeValue> returned = failure.item();
                            if (returned != null && !returned.isEmpty()) {
                                return uniques.sameUniques(current, returned) ? notDeleted.get() : again.get();
                            }
                            return new WriteStep.Read(currentRequest(primaryKey),
                                    now -> uniques.sameUniques(current, now) ? notDeleted.get() : again.get());
                        }
                        return failed(uniques.failure(swap, index - 1, failure.code(), primaryKey, cancelled));
                    });
        });
    }

    /** @return the delete of an item with this condition (null for none) */
    private WriteStep delete(Map<String, AttributeValue> primaryKey, @Nullable Condition condition,
            WriteExpectation expectation, List<TransactWriteItem> extras, WriteOptions options, Guarded guarded) {
        if (!guarded.swap().isEmpty()) {
            return transactDelete(primaryKey, condition, expectation, extras, guarded);
        }
        ExpressionRequest expressions = conditionRequest(condition);
        if (context.collecting()) {
            // in a unit of work an idempotent delete stays unconditional: an absent item must not cancel the unit
            return transact(primaryKey, null, expectation, TransactWriteItem.builder().delete(expressions.applyTo(
                    Delete.builder().tableName(context.table()).key(primaryKey)
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build()).build(), List.of(), extras, () -> new WriteStep.Done(new RawWrite(null, Map.of(), true)));
        }
        if (!extras.isEmpty()) {
            return transactDelete(primaryKey, condition, expectation, extras, Guarded.NONE);
        }
        DeleteItemRequest request = expressions.applyTo(DeleteItemRequest.builder().tableName(context.table())
                .key(primaryKey).returnValues(options.returnValues())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        return new WriteStep.Send(WriteStep.Request.of(request), returned -> {
            boolean allOld = request.returnValues() == ReturnValue.ALL_OLD && !returned.isEmpty();
            boolean deleted = request.returnValues() != ReturnValue.ALL_OLD || allOld;
            return new WriteStep.Done(new RawWrite(allOld ? returned : null, returned, deleted));
        }, (item, failure) -> explain(primaryKey, expectation, item, failure));
    }

    /**
     * Deletes an item together with the consistency hook's extra actions and the release of its unique values'
     * guards in one transaction. An idempotent delete (no expected version, no condition) is conditioned there on the
     * item existing (and, with guards, being as read), so that the other actions commit only with a real delete: an
     * absent item is still no error, and then nothing is written.
     */
    private WriteStep transactDelete(Map<String, AttributeValue> primaryKey, @Nullable Condition condition,
            WriteExpectation expectation, List<TransactWriteItem> extras, Guarded guarded) {
        boolean idempotent = condition == null;
        Delete delete = ExpressionRequest.create().condition(allOf(idempotent ? exists() : condition,
                        guarded.asRead(uniques)))
                .applyTo(Delete.builder().tableName(context.table()).key(primaryKey)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        WriteStep.Transact transact = transact(primaryKey, null,
                idempotent ? WriteExpectation.present(null) : expectation,
                TransactWriteItem.builder().delete(delete).build(), List.of(), extras, guarded,
                () -> new WriteStep.Done(new RawWrite(null, Map.of(), true)));
        if (!idempotent) {
            return transact;
        }
        return new WriteStep.Transact(transact.actions(), transact.then(), (index, failure, cancelled) ->
                WriteStep.recover(transact.explainer().explain(index, failure, cancelled), ItemNotFoundException.class,
                        () -> new WriteStep.Done(new RawWrite(null, Map.of(), false))));
    }

    /**
     * Writes a prepared item with a condition, as one PutItem or, with consistency actions or a parent guard, one
     * transaction. A write that may create the item (it is not an update of an existing one) is guarded when the
     * adapter guards parents.
     */
    WriteStep put(PreparedItem prepared, WriteKind kind, @Nullable Condition condition, WriteExpectation expectation,
            WriteOptions options) {
        if (!uniques.declared()) {
            return put(prepared, kind, condition, expectation, options, Guarded.NONE);
        }
        if (expectation == WriteExpectation.ABSENT) {
            // the write's own condition is that no row is there: there are no values to release
            return put(prepared, kind, condition, expectation, options,
                    new Guarded(null, uniques.swap(null, prepared.item()), null));
        }
        return new WriteStep.Read(currentRequest(prepared.key()), current -> put(prepared, kind, condition,
                expectation, options, new Guarded(current, uniques.swap(current, prepared.item()),
                        () -> put(prepared, kind, condition, expectation, options))));
    }

    private WriteStep put(PreparedItem prepared, WriteKind kind, @Nullable Condition unguarded,
            WriteExpectation expectation, WriteOptions options, Guarded guarded) {
        Condition condition = guarded.replan() == null ? unguarded : allOf(unguarded, guarded.asRead(uniques));
        ExpressionRequest expressions = conditionRequest(condition);
        List<TransactWriteItem> checks = expectation.mustExist() ? List.of() : guard.checks(prepared.item());
        List<TransactWriteItem> extras = extraActions(prepared.key(), prepared.item(), kind);
        if (!extras.isEmpty() || !checks.isEmpty() || context.collecting() || !guarded.swap().isEmpty()) {
            return transact(prepared.key(), prepared.item(), expectation, TransactWriteItem.builder().put(
                    expressions.applyTo(Put.builder().tableName(context.table()).item(prepared.item())
                            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .build()).build(), checks, extras, guarded,
                    () -> new WriteStep.Done(new RawWrite(prepared.item(), Map.of(), true)));
        }
        PutItemRequest request = expressions.applyTo(PutItemRequest.builder().tableName(context.table())
                .item(prepared.item()).returnValues(options.returnValues())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(context.capacity())).build();
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new RawWrite(prepared.item(), returned, true)),
                (item, failure) -> explainOrReplan(prepared.key(), expectation, guarded, item, failure));
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
     * @param then        the step once written
     */
    WriteStep.Transact transact(Map<String, AttributeValue> key, @Nullable Map<String, AttributeValue> item,
            WriteExpectation expectation, TransactWriteItem write, List<TransactWriteItem> checks,
            List<TransactWriteItem> extras, Supplier<WriteStep> then) {
        return transact(key, item, expectation, write, checks, extras, Guarded.NONE, then);
    }

    /**
     * Like {@link #transact(Map, Map, WriteExpectation, TransactWriteItem, List, List, Supplier)}, with the guards
     * of the unique values the write takes and releases last; a guard's failed condition is a
     * {@link UniqueValueTakenException} (or {@link UniqueGuardMismatchException}), and the write's failed condition
     * is planned again when the row's unique values changed since it was read.
     */
    private WriteStep.Transact transact(Map<String, AttributeValue> key, @Nullable Map<String, AttributeValue> item,
            WriteExpectation expectation, TransactWriteItem write, List<TransactWriteItem> checks,
            List<TransactWriteItem> extras, Guarded guarded, Supplier<WriteStep> then) {
        List<TransactionAction> actions = new ArrayList<>(1 + checks.size() + extras.size()
                + guarded.swap().actions().size());
        actions.add(new TransactionAction(write, context.table(), key));
        checks.forEach(check -> actions.add(TransactionAction.of(check)));
        extras.forEach(extra -> actions.add(TransactionAction.of(extra)));
        int firstGuard = actions.size();
        guarded.swap().items().forEach(guardItem -> actions.add(TransactionAction.of(guardItem)));
        return new WriteStep.Transact(actions, then, (index, failure, cancelled) -> {
            if (index == 0 && "ConditionalCheckFailed".equals(failure.code())) {
                return explainOrReplan(key, expectation, guarded, failure.item(), cancelled);
            }
            if (isGuardFailure(failure.code(), index, 1, checks.size())) {
                return new WriteStep.Failed(guard.failure(key,
                        Objects.requireNonNull(item, "a guard check goes with the item written"), cancelled));
            }
            return failed(uniques.failure(guarded.swap(), index - firstGuard, failure.code(), key, cancelled));
        });
    }

    private static WriteStep.@Nullable Failed failed(@Nullable RuntimeException failure) {
        return failure == null ? null : new WriteStep.Failed(failure);
    }

    /**
     * Explains a write's failed condition, or plans the write again when the row's unique values (or its presence)
     * changed since the write read it: the guards it would take and release were those of another state. Inside a
     * unit of work nothing is planned again (the unit's other writes are sent together): the failure is explained.
     */
    private WriteStep explainOrReplan(Map<String, AttributeValue> key, WriteExpectation expectation, Guarded guarded,
            @Nullable Map<String, AttributeValue> returnedItem, @Nullable Throwable cause) {
        Supplier<WriteStep> replan = guarded.replan();
        if (replan == null || context.collecting()) {
            return explain(key, expectation, returnedItem, cause);
        }
        if (returnedItem != null && !returnedItem.isEmpty()) {
            return uniques.sameUniques(guarded.read(), returnedItem) ? explain(key, expectation, returnedItem, cause)
                    : replan.get();
        }
        return new WriteStep.Read(currentRequest(key), current -> uniques.sameUniques(guarded.read(), current)
                ? new WriteStep.Failed(explained(key, expectation, current, cause)) : replan.get());
    }

    private static boolean isGuardFailure(String code, int index, int firstCheck, int checks) {
        return "ConditionalCheckFailed".equals(code) && index >= firstCheck && index < firstCheck + checks;
    }

    /** @return the parent guard of the adapter's inserts */
    ParentGuard guard() {
        return guard;
    }

    /** @return the consistency hook's extra actions for a write, or an empty list */
    List<TransactWriteItem> extraActions(Map<String, AttributeValue> key, @Nullable Map<String, AttributeValue> item,
            WriteKind kind) {
        Hooks.ConsistencyHook hook = context.hooks().consistency();
        if (hook == null) {
            return List.of();
        }
        List<TransactWriteItem> extras = hook.extraActions(key, item, kind);
        return extras == null ? List.of() : extras;
    }

    /** Explains a failed condition, reading the item (strongly) when DynamoDB did not return it. */
    WriteStep explain(Map<String, AttributeValue> key, WriteExpectation expectation,
            @Nullable Map<String, AttributeValue> returnedItem, @Nullable Throwable cause) {
        if (returnedItem != null && !returnedItem.isEmpty()) {
            return new WriteStep.Failed(explained(key, expectation, returnedItem, cause));
        }
        return new WriteStep.Read(currentRequest(key),
                current -> new WriteStep.Failed(explained(key, expectation, current, cause)));
    }

    private ConditionalWriteException explained(Map<String, AttributeValue> key, WriteExpectation expectation,
            @Nullable Map<String, AttributeValue> current, @Nullable Throwable cause) {
        return expectation.explain(context.table(), key, current == null ? null : context.preparer().revive(current),
                context.versionOf(current), cause);
    }

    /** @return the strongly consistent read of an item as it is now */
    GetItemRequest currentRequest(Map<String, AttributeValue> key) {
        return GetItemRequest.builder().tableName(context.table()).key(key).consistentRead(true).build();
    }

    /** @return the expressions of a write with this condition; the constant existence checks are rendered once */
    private ExpressionRequest conditionRequest(@Nullable Condition condition) {
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
    @Nullable Condition versionIs(@Nullable Long observed) {
        if (observed == null || !context.versioned()) {
            return null;
        }
        return Condition.attribute(context.keys().versionField().orElseThrow()).eq(observed);
    }

    /** @return the conjunction of the non-null conditions, or null when there are none */
    static @Nullable Condition allOf(@Nullable Condition... conditions) {
        List<Condition> present = new ArrayList<>(conditions.length);
        for (Condition condition : conditions) {
            if (condition != null) {
                present.add(condition);
            }
        }
        return present.isEmpty() ? null : Condition.allOf(present);
    }

    /**
     * What a write knows of the guards of unique values: the row as it read it, the guards it takes and releases,
     * and how to plan it again when the row changed meanwhile (null: the write is explained, not planned again).
     */
    private record Guarded(@Nullable Map<String, AttributeValue> read, UniqueGuards.Swap swap,
            @Nullable Supplier<WriteStep> replan) {

        static final Guarded NONE = new Guarded(null, UniqueGuards.Swap.NONE, null);

        /** @return the condition that the row is as read, or null when the write read nothing */
        @Nullable Condition asRead(UniqueGuards uniques) {
            return this == NONE ? null : uniques.asRead(read);
        }
    }

    /** What a move's put of its target may find there. */
    private enum MoveTarget {
        /** no item: the target's put is conditioned on its absence */
        ABSENT,
        /** no item, or this very copy (a crashed run's): found there, the move is sent again as {@link #THIS_COPY} */
        ABSENT_OR_THIS_COPY,
        /** this very copy: the target's put is conditioned on the target holding every attribute of it */
        THIS_COPY
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
}
