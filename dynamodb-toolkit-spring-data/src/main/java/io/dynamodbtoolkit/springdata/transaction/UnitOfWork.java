package io.dynamodbtoolkit.springdata.transaction;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.transaction.TransactionAction;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.transaction.TransactionTooLargeException;
import io.dynamodbtoolkit.transaction.TransactionWriter;
import io.dynamodbtoolkit.expression.AttributeValues;
import java.util.Objects;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.ResourceHolderSupport;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The writes of one transaction, collected in memory and sent at commit as one TransactWriteItems. Each write
 * arrives as its actions with their conditions (its parent guard's checks among them); the unit refuses, at the
 * write that would cross them, more than {@value TransactionWriter#MAX_ACTIONS} actions, more than 4 MB, and two
 * actions on one item. A parent guard's check on an item the unit itself creates is dropped (the parent will stand
 * when the unit commits), a check repeated on one item is sent once, and checks of one item, or a check of an item
 * the unit updates, are ANDed into one action. With a timeout ({@link #setTimeoutInSeconds}), a write or a commit
 * past the deadline is refused with a {@link TransactionTimedOutException} and the unit is marked rollback-only, so
 * nothing of it is sent.
 */
final class UnitOfWork extends ResourceHolderSupport implements ActionCollector {

    private final boolean readOnly;
    private final List<Entry> entries = new ArrayList<>();
    private boolean completed;

    /** @param readOnly whether the transaction refuses writes */
    UnitOfWork(boolean readOnly) {
        this.readOnly = readOnly;
    }

    @Override
    public void collect(List<TransactionAction> actions, FailureExplainer explainer) {
        if (readOnly) {
            throw new IllegalStateException("The transaction is read-only, so it refuses writes: "
                    + describe(actions.get(0)) + "; write in a transaction that is not readOnly");
        }
        if (completed) {
            throw new IllegalStateException("The transaction has completed; its unit of work takes no more writes");
        }
        requireWithinTimeout("this write, " + describe(actions.get(0)) + ", is refused");
        List<Entry> next = new ArrayList<>(entries);
        for (int i = 0; i < actions.size(); i++) {
            TransactionAction action = actions.get(i);
            add(next, new Entry(action, List.of(new Owner(explainer, i, action.action().conditionCheck() != null))));
        }
        if (next.size() > TransactionWriter.MAX_ACTIONS) {
            throw new TransactionTooLargeException("This write would bring the transaction to " + next.size()
                    + " actions but DynamoDB allows " + TransactionWriter.MAX_ACTIONS + " per TransactWriteItems: "
                    + describe(actions.get(0)) + " brings " + actions.size() + " (a write counts its row plus the "
                    + "guards of the unique values it takes or releases, its parent checks and its consistency "
                    + "actions); split the work into several transactions");
        }
        long size = next.stream().mapToLong(entry -> entry.action.size()).sum();
        if (size > TransactionWriter.MAX_BYTES) {
            throw new TransactionTooLargeException("This write would bring the transaction to about " + size
                    + " bytes but DynamoDB allows " + TransactionWriter.MAX_BYTES + ": " + describe(actions.get(0))
                    + "; split the work into several transactions");
        }
        entries.clear();
        entries.addAll(next);
    }

    /**
     * Adds an action to the entries: alone when no other action of the unit is on its item; else a condition check
     * is sent once, dropped for an item the unit creates, merged into the update of its item, and replaced by a put
     * of its item; any other pair of actions on one item is refused.
     */
    private void add(List<Entry> next, Entry added) {
        TransactionAction action = added.action;
        int at = action.key() == null ? -1 : indexOfItem(next, action);
        if (at < 0) {
            next.add(added);
            return;
        }
        Entry other = next.get(at);
        TransactWriteItem existing = other.action.action();
        TransactWriteItem incoming = action.action();
        if (incoming.conditionCheck() != null && existing.put() != null) {
            return;
        }
        if (incoming.conditionCheck() != null && existing.conditionCheck() != null
                && existing.conditionCheck().equals(incoming.conditionCheck())) {
            next.set(at, other.with(other.action, added.owners));
        } else if (incoming.conditionCheck() != null && ConditionMerge.accepts(existing)) {
            next.set(at, other.with(merged(existing, incoming.conditionCheck(), other.owners.size(), other.action),
                    added.owners));
        } else if (existing.conditionCheck() != null && incoming.put() != null) {
            next.set(at, added);
        } else if (existing.conditionCheck() != null && incoming.update() != null) {
            next.set(at, added.with(merged(incoming, existing.conditionCheck(), 1, action), other.owners));
        } else {
            throw new IllegalArgumentException("Two actions on one item in one transaction: "
                    + describe(other.action) + " and " + describe(action) + "; DynamoDB refuses a "
                    + "TransactWriteItems that touches an item twice: write each item once per transaction");
        }
    }

    private static TransactionAction merged(TransactWriteItem into, ConditionCheck check, int round,
            TransactionAction like) {
        return new TransactionAction(ConditionMerge.merge(into, check, round), like.table(), like.key());
    }

    private static int indexOfItem(List<Entry> entries, TransactionAction action) {
        for (int i = 0; i < entries.size(); i++) {
            TransactionAction other = entries.get(i).action;
            if (Objects.requireNonNull(action.key(), "an item's action has its key").equals(other.key())
                    && action.table().equals(other.table())) {
                return i;
            }
        }
        return -1;
    }

    /** @return the number of actions collected so far */
    int size() {
        return entries.size();
    }

    /** @return whether the unit has nothing to send */
    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** @return the collected actions, in the order they will be sent */
    List<TransactionAction> actions() {
        return entries.stream().map(e -> e.action).toList();
    }

    /**
     * Sends the unit as one TransactWriteItems (nothing when it is empty) and closes it.
     *
     * @throws TransactionTimedOutException when the transaction is past its deadline (nothing is sent)
     * @throws RuntimeException the exception the write whose action failed would have thrown alone (a version
     *                          conflict, a duplicate, a missing parent), or the cancellation itself
     */
    void commit(TransactionWriter writer) {
        requireWithinTimeout("nothing of it is sent");
        completed = true;
        if (entries.isEmpty()) {
            return;
        }
        List<TransactionAction> actions = actions();
        try {
            writer.write(actions, null);
        } catch (TransactionCancelledException e) {
            for (TransactionCancelledException.ActionFailure failure : e.failures()) {
                for (Owner owner : explainersOf(entries.get(failure.index()), failure)) {
                    RuntimeException explained = owner.explainer.explain(owner.index, failure, e);
                    if (explained != null) {
                        throw explained;
                    }
                }
            }
            throw e;
        }
    }

    /**
     * @return who explains a failed action, in order: for an action a check was merged into, the check first when
     *         the item is absent (a missing parent explains it best), the write first when it is there (its version
     *         or its own condition)
     */
    private static List<Owner> explainersOf(Entry entry, TransactionCancelledException.ActionFailure failure) {
        boolean absent = failure.item() == null || failure.item().isEmpty();
        List<Owner> ordered = new ArrayList<>(entry.owners);
        ordered.sort((one, other) -> Boolean.compare(absent != one.check, absent != other.check));
        return ordered;
    }

    /**
     * Refuses to go on past the transaction's deadline, marking the unit rollback-only.
     *
     * @param consequence what the refusal means, as the message says it
     * @throws TransactionTimedOutException when the deadline has passed
     */
    private void requireWithinTimeout(String consequence) {
        Date deadline = getDeadline();
        if (deadline != null && deadline.getTime() <= System.currentTimeMillis()) {
            setRollbackOnly();
            throw new TransactionTimedOutException("The transaction ran past its timeout (deadline " + deadline
                    .toInstant() + "), so " + consequence + " and it rolls back; raise the timeout "
                    + "(@Transactional(timeout = ...)) or do less in one transaction");
        }
    }

    /** Discards the collected writes. */
    void discard() {
        completed = true;
        entries.clear();
    }

    private static String describe(TransactionAction action) {
        TransactWriteItem item = action.action();
        String kind = item.put() != null ? "a put" : item.update() != null ? "an update"
                : item.delete() != null ? "a delete" : "a condition check";
        Map<String, AttributeValue> key = action.key();
        return kind + " of " + (key == null ? "an item" : AttributeValues.showKey(key)) + " in table "
                + action.table();
    }

    /** One action to send and the writes it stands for (several when checks were merged into it). */
    private record Entry(TransactionAction action, List<Owner> owners) {

        Entry with(TransactionAction merged, List<Owner> more) {
            List<Owner> all = new ArrayList<>(owners);
            all.addAll(more);
            return new Entry(merged, all);
        }
    }

    /**
     * A write an action belongs to: how to explain its failure, the action's position among its actions, and whether
     * the action is a condition check.
     */
    private record Owner(FailureExplainer explainer, int index, boolean check) {
    }
}
