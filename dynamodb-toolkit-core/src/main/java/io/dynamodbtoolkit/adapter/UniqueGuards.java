package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Keeps the guard items of an adapter's unique fields (see {@link UniqueFields}) in step with its rows: a write
 * taking a row from one state to another takes the guards of the values the row gains (a put, only where no guard is
 * there or it already points at the row) and releases those of the values it loses (a delete, only where the guard
 * points at the row, or is missing), all in the row's own transaction. The row's write is conditioned on the row
 * being as read ({@link #asRead}), so that the guards released are the ones the row held.
 */
final class UniqueGuards {

    private final AdapterContext context;
    private final UniqueFields fields;

    UniqueGuards(AdapterContext context) {
        this.context = context;
        this.fields = context.uniques();
    }

    /** @return whether the adapter declares unique fields */
    boolean declared() {
        return !fields.isEmpty();
    }

    /** @return whether any of these top-level attributes is a unique field */
    boolean touches(Iterable<String> names) {
        for (String name : names) {
            if (fields.isUnique(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Refuses update actions (increments, appends, ...) on unique fields: the value they leave is known only after
     * the write, too late to take its guard in the same transaction.
     */
    void refuseActionsOn(Iterable<String> topLevelNames) {
        for (String name : topLevelNames) {
            if (fields.isUnique(name)) {
                throw new IllegalArgumentException("Attribute '" + name + "' is unique, so it can only be changed "
                        + "with a plain set or remove (not an update action such as an increment), which takes the "
                        + "guard of its new value in the same transaction");
            }
        }
    }

    /**
     * @param current the row as read (strongly), or null when there was none
     * @return the condition that the row still is as read: present or absent as read, and every unique field
     *         holding the value read (or absent); null when no field is unique
     */
    @Nullable Condition asRead(@Nullable Map<String, AttributeValue> current) {
        if (!declared()) {
            return null;
        }
        String partition = context.partitionKeyName();
        if (current == null) {
            return Condition.attribute(partition).notExists();
        }
        List<Condition> conditions = new ArrayList<>();
        conditions.add(Condition.attribute(partition).exists());
        for (String field : fields.fields()) {
            AttributeValue value = current.get(field);
            conditions.add(value == null ? Condition.attribute(field).notExists()
                    : Condition.attribute(field).eq(value));
        }
        return Condition.allOf(conditions);
    }

    /** @return whether two states of a row (null: absent) hold the same unique values */
    boolean sameUniques(@Nullable Map<String, AttributeValue> one, @Nullable Map<String, AttributeValue> other) {
        if (one == null || other == null) {
            return one == other;
        }
        for (String field : fields.fields()) {
            if (!Objects.equals(one.get(field), other.get(field))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The guard actions of a write taking a row from one state to another.
     *
     * @param before the row as read (a whole stored item), or null when it did not exist
     * @param after  the row as written (a whole item), or null when the write deletes it
     * @return the guards to take and to release, none when the unique values stay
     */
    Swap swap(@Nullable Map<String, AttributeValue> before, @Nullable Map<String, AttributeValue> after) {
        if (!declared()) {
            return Swap.NONE;
        }
        List<GuardAction> actions = new ArrayList<>();
        for (String field : fields.fields()) {
            Held released = held(field, before);
            Held taken = held(field, after);
            Map<String, AttributeValue> formerOwner = null;
            if (released != null && taken != null && released.guardKey().equals(taken.guardKey())) {
                if (released.owner().equals(taken.owner())) {
                    continue;
                }
                formerOwner = released.owner();
            } else if (released != null) {
                actions.add(release(field, released));
            }
            if (taken != null) {
                actions.add(take(field, taken, formerOwner));
            }
        }
        return actions.isEmpty() ? Swap.NONE : new Swap(List.copyOf(actions));
    }

    /**
     * @return the put of the guard of a row's value of a field, where no guard is there or it already points at the
     *         row; none when the row holds no value of it
     */
    Swap taking(String field, Map<String, AttributeValue> row) {
        Held taken = held(field, row);
        return taken == null ? Swap.NONE : new Swap(List.of(take(field, taken, null)));
    }

    /** @return the guard a row's value of a field needs, or null when there is no row or it holds no value */
    private @Nullable Held held(String field, @Nullable Map<String, AttributeValue> row) {
        if (row == null) {
            return null;
        }
        AttributeValue value = row.get(field);
        return fields.guardKey(field, row, context.keys()).map(key -> new Held(Objects.requireNonNull(value,
                "a guarded value"), key, context.keys().codec().primaryKeyFromItem(row))).orElse(null);
    }

    /** A put of the guard, where none is there or it points at the row (or, for a move, at the row's old key). */
    private GuardAction take(String field, Held taken, @Nullable Map<String, AttributeValue> formerOwner) {
        Map<String, AttributeValue> owner = taken.owner();
        Map<String, AttributeValue> guard = new LinkedHashMap<>(taken.guardKey());
        guard.put(fields.ownerAttribute(), AttributeValue.fromM(owner));
        guard.put(fields.fieldAttribute(), AttributeValue.fromS(field));
        Condition free = Condition.attribute(context.partitionKeyName()).notExists();
        Condition ours = Condition.attribute(fields.ownerAttribute()).eq(AttributeValue.fromM(owner));
        Condition condition = formerOwner == null ? Condition.anyOf(free, ours) : Condition.anyOf(free, ours,
                Condition.attribute(fields.ownerAttribute()).eq(AttributeValue.fromM(formerOwner)));
        Put put = ExpressionRequest.create().condition(condition)
                .applyTo(Put.builder().tableName(context.table()).item(guard)).build();
        return new GuardAction(field, taken.value(), true, TransactWriteItem.builder().put(put).build());
    }

    /** A delete of the guard, where it points at the row or is missing. */
    private GuardAction release(String field, Held released) {
        Condition condition = Condition.anyOf(Condition.attribute(context.partitionKeyName()).notExists(),
                Condition.attribute(fields.ownerAttribute()).eq(AttributeValue.fromM(released.owner())));
        Delete delete = ExpressionRequest.create().condition(condition)
                .applyTo(Delete.builder().tableName(context.table()).key(released.guardKey())).build();
        return new GuardAction(field, released.value(), false, TransactWriteItem.builder().delete(delete).build());
    }

    /**
     * @param swap   the guard actions of a write
     * @param index  the index in the write's transaction of the action that failed, counted from the first guard
     * @param code   the reason DynamoDB gave
     * @param rowKey the key of the row written
     * @param cause  the cancelled transaction
     * @return the failure a guard's failed condition stands for, or null when the action is not a guard's or did
     *         not fail its condition
     */
    @Nullable RuntimeException failure(Swap swap, int index, String code, Map<String, AttributeValue> rowKey,
            TransactionCancelledException cause) {
        if (!"ConditionalCheckFailed".equals(code) || index < 0 || index >= swap.actions().size()) {
            return null;
        }
        GuardAction action = swap.actions().get(index);
        String shown = AttributeValues.show(action.value());
        if (action.take()) {
            return new UniqueValueTakenException("Cannot write " + AttributeValues.showKey(rowKey) + " in table "
                    + context.table() + ": another row holds " + action.field() + " = " + shown + ", and '"
                    + action.field() + "' is unique" + scopeOf(action.field()) + "; nothing was written", rowKey,
                    action.field(), shown, cause);
        }
        return new UniqueGuardMismatchException("Cannot write " + AttributeValues.showKey(rowKey) + " in table "
                + context.table() + ": it gives up " + action.field() + " = " + shown + ", whose guard belongs to "
                + "another row (the table held duplicates of '" + action.field() + "' before it was declared "
                + "unique); nothing was written. Resolve the duplicates, then write the guards again", rowKey, cause);
    }

    private String scopeOf(String field) {
        List<String> within = fields.within(field);
        List<String> tiers = fields.tiers(field);
        return (within.isEmpty() ? "" : " within " + within) + (tiers.isEmpty() ? "" : " among tiers " + tiers);
    }

    /**
     * A value a row holds, with its guard's key and the row's key (the guard's owner).
     *
     * @param value    the value
     * @param guardKey the guard's primary key
     * @param owner    the row's primary key
     */
    private record Held(AttributeValue value, Map<String, AttributeValue> guardKey,
            Map<String, AttributeValue> owner) {
    }

    /**
     * One guard's action in a write's transaction.
     *
     * @param field  the unique field
     * @param value  the value guarded
     * @param take   whether the row takes the value (a put), else releases it (a delete)
     * @param action the action
     */
    record GuardAction(String field, AttributeValue value, boolean take, TransactWriteItem action) {
    }

    /**
     * The guard actions of one write, in the order they follow the row's write in its transaction.
     *
     * @param actions the actions
     */
    record Swap(List<GuardAction> actions) {

        static final Swap NONE = new Swap(List.of());

        /** @return whether the write changes no guard */
        boolean isEmpty() {
            return actions.isEmpty();
        }

        /** @return the transaction items */
        List<TransactWriteItem> items() {
            return actions.stream().map(GuardAction::action).toList();
        }
    }
}
