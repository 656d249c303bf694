package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.Projection;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreePlan;
import io.dynamodbtoolkit.key.SubtreeQuery;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Keeps a hierarchy free of orphans while cascades run. A cascade that removes a node marks it first (a technical
 * field, {@code <technicalPrefix>deleting}, holding the time the delete began and a random token); an insert under a
 * parent is guarded: the parent row must exist and neither it nor any ancestor may carry the mark.
 *
 * <p>Single inserts carry the guard as {@code ConditionCheck}s in the same {@code TransactWriteItems} as the write.
 * Batch writes cannot carry conditions, so they are checked right after writing, with strongly consistent reads of
 * the parents: a write checked this way either happened before the mark, and the cascade's strongly consistent
 * queries, which start after the mark, see it and delete it, or the check sees the mark (or the missing parent) and
 * the writer undoes it. Either way no row outlives its parent.
 *
 * <p>A single delete or move of a row that may have rows under it uses the same mark: see {@link GuardedRemoval}.
 */
final class ParentGuard {

    private static final String MARK_SUFFIX = "deleting";

    private final AdapterContext context;
    private final boolean enabled;
    private final @Nullable String markField;
    private final @Nullable Condition parentPresent;
    private final @Nullable Condition notMarked;

    ParentGuard(AdapterContext context) {
        this.context = context;
        this.enabled = context.parentGuard().enabled();
        this.markField = markFieldOf(context.keys());
        this.notMarked = markField == null ? null : Condition.attribute(markField).notExists();
        this.parentPresent = notMarked == null ? null
                : Condition.allOf(Condition.attribute(context.partitionKeyName()).exists(), notMarked);
    }

    /** @return the technical field that marks nodes being deleted, or null without a technical prefix */
    static @Nullable String markFieldOf(KeyModel keys) {
        return keys.technicalPrefix().map(prefix -> prefix + MARK_SUFFIX).orElse(null);
    }

    /** @return whether inserts are guarded */
    boolean enabled() {
        return enabled;
    }

    /** @return the technical field marking a node whose cascade delete has begun */
    @Nullable String markField() {
        return markField;
    }

    /** @return whether a stored row carries the deleting mark */
    boolean isMarked(Map<String, AttributeValue> stored) {
        return markField != null && stored != null && stored.containsKey(markField);
    }

    /**
     * @return the keys of an item's parent row then its other ancestors, nearest first; empty for a root row or
     *         when the guard is off
     */
    List<Map<String, AttributeValue>> ancestorsOf(Map<String, AttributeValue> item) {
        if (!enabled) {
            return List.of();
        }
        KeyModel keys = context.keys();
        Map<String, Object> values = new LinkedHashMap<>(keys.codec().keyValuesFromItem(item).asMap());
        List<String> fields = new ArrayList<>(values.keySet());
        List<Map<String, AttributeValue>> ancestors = new ArrayList<>(fields.size());
        for (int depth = fields.size() - 1; depth >= 1; depth--) {
            values.remove(fields.get(depth));
            ancestors.add(keys.codec().primaryKeyFromKeyValues(KeyValues.of(values)));
        }
        return ancestors;
    }

    /**
     * @return the checks to add to an insert's transaction: the parent exists and is not marked, no other ancestor is
     *         marked; empty for a root row or when the guard is off
     */
    List<TransactWriteItem> checks(Map<String, AttributeValue> item) {
        List<Map<String, AttributeValue>> ancestors = ancestorsOf(item);
        List<TransactWriteItem> checks = new ArrayList<>(ancestors.size());
        for (int i = 0; i < ancestors.size(); i++) {
            ConditionCheck check = ExpressionRequest.create().condition(i == 0 ? parentPresent : notMarked)
                    .applyTo(ConditionCheck.builder().tableName(context.table()).key(ancestors.get(i))).build();
            checks.add(TransactWriteItem.builder().conditionCheck(check).build());
        }
        return checks;
    }

    /** @return the failure of an insert whose guard did not hold */
    ParentNotFoundException failure(Map<String, AttributeValue> itemKey, Map<String, AttributeValue> item,
            @Nullable Throwable cause) {
        List<Map<String, AttributeValue>> ancestors = ancestorsOf(item);
        Map<String, AttributeValue> parent = ancestors.isEmpty() ? Map.of() : ancestors.get(0);
        return new ParentNotFoundException("Cannot write " + AttributeValues.showKey(itemKey) + " in table "
                + context.table() + ": its parent row " + AttributeValues.showKey(parent) + " does not exist, or it "
                + "or an ancestor is being deleted by a cascade. " + context.parentGuard().explanation(), itemKey,
                parent, cause);
    }

    /**
     * Checks that the items' parents stand (strongly consistent reads, one BatchGetItem per 100 distinct
     * ancestors): after a batch wrote them, or before, to refuse items under parents that are not there.
     *
     * @param items     the items
     * @param alongside keys of rows written in the same batch, taken as standing parents
     * @return those whose parent is missing or whose parent or an ancestor is marked, in the given order
     */
    List<Map<String, AttributeValue>> fallen(List<Map<String, AttributeValue>> items,
            Set<Map<String, AttributeValue>> alongside) {
        return new BlockingCalls(context).run(fallenPlan(items, alongside));
    }

    /** @return the plan of {@link #fallen}, for an executor to run */
    BatchStep<List<Map<String, AttributeValue>>> fallenPlan(List<Map<String, AttributeValue>> items,
            Set<Map<String, AttributeValue>> alongside) {
        if (!enabled || items.isEmpty()) {
            return BatchStep.done(List.of());
        }
        // rows under one parent share one chain of ancestors: compose, read and judge each chain once
        Map<Map<String, Object>, List<Map<String, AttributeValue>>> chainOfParent = new HashMap<>();
        List<List<Map<String, AttributeValue>>> chainOfEach = new ArrayList<>(items.size());
        Set<List<Map<String, AttributeValue>>> chains = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Map<String, AttributeValue> item : items) {
            List<Map<String, AttributeValue>> chain = chainOf(item, chainOfParent);
            chainOfEach.add(chain);
            chains.add(chain);
        }
        Set<Map<String, AttributeValue>> ancestorKeys = new LinkedHashSet<>();
        chains.forEach(chain -> chain.stream().filter(ancestor -> !alongside.contains(ancestor))
                .forEach(ancestorKeys::add));
        List<Map<String, AttributeValue>> keys = List.copyOf(ancestorKeys);
        return BatchStep.get(keys, ancestorProjection(), found -> {
            Map<Map<String, AttributeValue>, Map<String, AttributeValue>> byKey = new HashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                byKey.put(keys.get(i), found.get(i));
            }
            return BatchStep.done(judge(items, alongside, chains, chainOfEach, byKey));
        });
    }

    /** @return the items whose chain of ancestors (as read) fell, in the given order */
    private List<Map<String, AttributeValue>> judge(List<Map<String, AttributeValue>> items,
            Set<Map<String, AttributeValue>> alongside, Set<List<Map<String, AttributeValue>>> chains,
            List<List<Map<String, AttributeValue>>> chainOfEach,
            Map<Map<String, AttributeValue>, Map<String, AttributeValue>> byKey) {
        Map<List<Map<String, AttributeValue>>, Boolean> chainFell = new IdentityHashMap<>();
        for (List<Map<String, AttributeValue>> chain : chains) {
            boolean parentMissing = !chain.isEmpty() && !alongside.contains(chain.get(0))
                    && byKey.get(chain.get(0)) == null;
            chainFell.put(chain, parentMissing || chain.stream().map(byKey::get).anyMatch(this::isMarked));
        }
        Set<Map<String, AttributeValue>> fallenKeys = new HashSet<>();
        boolean[] fell = new boolean[items.size()];
        // shallowest first, so that a row whose parent fell in the same batch falls with it
        List<Integer> byDepth = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            byDepth.add(i);
        }
        byDepth.sort(Comparator.comparingInt(i -> chainOfEach.get(i).size()));
        for (int i : byDepth) {
            List<Map<String, AttributeValue>> chain = chainOfEach.get(i);
            if (Boolean.TRUE.equals(chainFell.get(chain)) || !fallenKeys.isEmpty() && chain.stream()
                    .anyMatch(fallenKeys::contains)) {
                fell[i] = true;
                fallenKeys.add(context.keys().codec().storedPrimaryKeyFromItem(items.get(i)));
            }
        }
        List<Map<String, AttributeValue>> fallen = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (fell[i]) {
                fallen.add(items.get(i));
            }
        }
        return fallen;
    }

    /** @return the item's ancestors as {@link #ancestorsOf} gives them, one list for all rows with the same parent */
    private List<Map<String, AttributeValue>> chainOf(Map<String, AttributeValue> item,
            Map<Map<String, Object>, List<Map<String, AttributeValue>>> chainOfParent) {
        Map<String, Object> parentValues = new LinkedHashMap<>(context.keys().codec().keyValuesFromItem(item)
                .asMap());
        if (parentValues.size() <= 1) {
            return List.of();
        }
        List<String> fields = new ArrayList<>(parentValues.keySet());
        parentValues.remove(fields.get(fields.size() - 1));
        List<Map<String, AttributeValue>> chain = chainOfParent.get(parentValues);
        if (chain == null) {
            chain = ancestorsOf(item);
            chainOfParent.put(parentValues, chain);
        }
        return chain;
    }

    /** @return the read of stored ancestors: strongly consistent, only the keys and the mark */
    private UnaryOperator<KeysAndAttributes.Builder> ancestorProjection() {
        ExpressionRequest projection = ExpressionRequest.create().projection(Projection.of(requireMarkField()).with(
                context.keys().primaryKeyNames().stream().map(AttributePath::of).toArray(AttributePath[]::new)));
        return request -> projection.applyTo(request).consistentRead(true);
    }

    /**
     * Marks a node as being deleted, so that guarded inserts under it fail from now on; a mark already there (left by
     * an earlier run of the same cascade) is kept.
     *
     * @param node the node's primary key
     * @return the mark
     */
    StoredItems.DeletingMark markDeleting(Map<String, AttributeValue> node) {
        return markOf(new BlockingCalls(context).run(markPlan(node)));
    }

    /**
     * @return the plan of {@link #markDeleting}, for an executor to run: it ends in a write whose item is null when
     *         there is no node, else carries the mark's token, and which is written when this plan set the mark
     */
    WriteStep markPlan(Map<String, AttributeValue> node) {
        return new WriteStep.Read(currentRequest(node), current -> {
            if (current == null) {
                return new WriteStep.Done(new SingleItemWrites.RawWrite(null, Map.of(), false));
            }
            if (isMarked(current)) {
                return new WriteStep.Done(new SingleItemWrites.RawWrite(current, Map.of(), false));
            }
            String token = newToken();
            UpdateItemRequest request = ExpressionRequest.create()
                    .update(Update.empty().set(requireMarkField(), AttributeValue.fromS(token)))
                    .condition(Condition.allOf(Condition.attribute(context.partitionKeyName()).exists(),
                            requireNotMarked()))
                    .applyTo(UpdateItemRequest.builder().tableName(context.table()).key(node)).build();
            // deleted or marked by someone else since read: look again
            return new WriteStep.Send(WriteStep.Request.of(request), returned -> new WriteStep.Done(
                    new SingleItemWrites.RawWrite(Map.of(markField, AttributeValue.fromS(token)), Map.of(), true)),
                    (item, failed) -> markPlan(node));
        });
    }

    /** @return a fresh value of the mark: when the delete began, and a random part */
    String newToken() {
        // a random part from a source that never blocks (SecureRandom may read /dev/urandom on a reactive thread)
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return context.options().clock().instant() + "#" + new UUID(random.nextLong(), random.nextLong());
    }

    /** @return the mark field of an enabled guard (a guard is enabled only where the keys have a technical prefix) */
    String requireMarkField() {
        return Objects.requireNonNull(markField, "an enabled parent guard has its mark field");
    }

    /** @return the condition that a row carries no deleting mark, of an enabled guard */
    Condition requireNotMarked() {
        return Objects.requireNonNull(notMarked, "an enabled parent guard has its mark field");
    }

    /** @return the condition that a row carries no deleting mark */
    @Nullable Condition notMarked() {
        return notMarked;
    }

    /** @return the condition that a row still carries this deleting mark */
    Condition markIs(String token) {
        return Condition.attribute(requireMarkField()).eq(AttributeValue.fromS(token));
    }

    /**
     * @return whether rows may be under the row of this key, so that deleting or moving it alone could orphan them:
     *         the guard is on and the key is above the deepest tier
     */
    boolean mayHaveChildren(Map<String, AttributeValue> primaryKey) {
        return enabled && context.keys().codec().keyValuesFromPrimaryKey(primaryKey).size()
                < context.keys().keyFields().size();
    }

    /**
     * @return the Query of at most one row under the row of this key: strongly consistent, so that it sees every row
     *         written before it starts, and projecting the keys alone
     */
    QueryRequest childQuery(Map<String, AttributeValue> primaryKey) {
        SubtreePlan plan = SubtreeQuery.children(context.keys().codec().keyValuesFromPrimaryKey(primaryKey))
                .plan(context.keys());
        ExpressionRequest query = ExpressionRequest.create()
                .keyCondition(KeyCondition.partition(plan.partitionName(), plan.partitionValue())
                        .beginsWith(Objects.requireNonNull(plan.sortName(), "a row with children has a sort key"),
                                Objects.requireNonNull(plan.sortPrefix(), "the children's prefix")))
                .projection(Projection.of(context.keys().primaryKeyNames().stream().map(AttributePath::of)
                        .toArray(AttributePath[]::new)));
        return query.applyTo(QueryRequest.builder().tableName(context.table()).limit(1).consistentRead(true)).build();
    }

    /**
     * @return the plan removing a deleting mark from a node if it still carries it (a refused single delete undoing
     *         its own mark), then going on with {@code then} whatever became of the node
     */
    WriteStep unmarkPlan(Map<String, AttributeValue> node, String token, WriteStep then) {
        UpdateItemRequest request = ExpressionRequest.create().update(Update.empty().remove(requireMarkField()))
                .condition(markIs(token))
                .applyTo(UpdateItemRequest.builder().tableName(context.table()).key(node)).build();
        return new WriteStep.Send(WriteStep.Request.of(request), returned -> then, (item, failed) -> then);
    }

    /** @return the mark the outcome of a {@link #markPlan} stands for */
    StoredItems.DeletingMark markOf(SingleItemWrites.RawWrite marked) {
        return marked.item() == null ? StoredItems.DeletingMark.NO_NODE
                : new StoredItems.DeletingMark(true,
                        Objects.requireNonNull(marked.item().get(markField), "a marked node has its mark").s(),
                        marked.written());
    }

    /**
     * Deletes a marked node if it still carries the given mark, which proves that guarded inserts under it have
     * failed ever since the mark was set.
     *
     * @return {@link StoredItems.NodeDelete#DELETED}, {@link StoredItems.NodeDelete#GONE} when no node is there, or
     *         {@link StoredItems.NodeDelete#MARK_CHANGED} when the node was rewritten (losing its mark) since
     */
    StoredItems.NodeDelete deleteMarked(Map<String, AttributeValue> node, StoredItems.DeletingMark mark) {
        return nodeDeleteOf(new BlockingCalls(context).run(deleteMarkedPlan(node, mark)));
    }

    /**
     * @return the plan of {@link #deleteMarked}: it ends written when the node was deleted, else with the node as it
     *         is now (null when gone)
     */
    WriteStep deleteMarkedPlan(Map<String, AttributeValue> node, StoredItems.DeletingMark mark) {
        DeleteItemRequest request = ExpressionRequest.create()
                .condition(Condition.attribute(requireMarkField()).eq(AttributeValue.fromS(mark.token())))
                .applyTo(DeleteItemRequest.builder().tableName(context.table()).key(node)).build();
        return new WriteStep.Send(WriteStep.Request.of(request),
                returned -> new WriteStep.Done(new SingleItemWrites.RawWrite(null, Map.of(), true)),
                (item, failed) -> new WriteStep.Read(currentRequest(node),
                        current -> new WriteStep.Done(SingleItemWrites.RawWrite.unchanged(current))));
    }

    /** @return what became of the node, from the outcome of a {@link #deleteMarkedPlan} */
    static StoredItems.NodeDelete nodeDeleteOf(SingleItemWrites.RawWrite outcome) {
        if (outcome.written()) {
            return StoredItems.NodeDelete.DELETED;
        }
        return outcome.item() == null ? StoredItems.NodeDelete.GONE : StoredItems.NodeDelete.MARK_CHANGED;
    }

    private GetItemRequest currentRequest(Map<String, AttributeValue> node) {
        return GetItemRequest.builder().tableName(context.table()).key(node).consistentRead(true).build();
    }
}
