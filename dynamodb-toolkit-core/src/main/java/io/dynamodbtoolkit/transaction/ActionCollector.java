package io.dynamodbtoolkit.transaction;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Receives the writes of a unit of work instead of their being sent: each write as the actions it would have sent
 * (the write itself first, then its parent guard's checks and the consistency hook's actions), with how to explain
 * the failure of one of them. A transaction manager collects them and sends them all as one TransactWriteItems at
 * commit. An adapter writes into a collector through {@code Adapter.collectingInto}.
 */
public interface ActionCollector {

    /**
     * Adds one write's actions to the unit.
     *
     * @param actions   the write's actions, the write first
     * @param explainer turns the failure of one of these actions into the exception the write alone would have
     *                  thrown
     * @throws TransactionTooLargeException when the unit would exceed DynamoDB's limits with these actions
     * @throws IllegalStateException        when the unit takes no writes (e.g. it is read-only)
     */
    void collect(List<TransactionAction> actions, FailureExplainer explainer);

    /** Explains the failure of one action of a collected write. */
    @FunctionalInterface
    interface FailureExplainer {

        /**
         * @param index     the action's position among the write's actions (0 for the write itself)
         * @param failure   DynamoDB's reason, as mapped by the {@link TransactionWriter}
         * @param cancelled the whole cancellation, to keep as the cause
         * @return the exception the write alone would have thrown (e.g. a version conflict naming the item), or null
         *         when the failure is not the write's to explain
         */
        @Nullable RuntimeException explain(int index, TransactionCancelledException.ActionFailure failure,
                TransactionCancelledException cancelled);
    }
}
