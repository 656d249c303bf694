package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.SingleItemWrites.RawWrite;
import io.dynamodbtoolkit.transaction.TransactionAction;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * One step of a single-item write, with no client in it: the {@link WritePlanner} decides what to send and how to
 * read the answer, an executor sends it ({@link BlockingCalls} on the blocking client, {@link AsyncCalls} on the
 * asynchronous one) and follows the step the answer leads to, until the write is {@link Done} or {@link Failed}.
 */
sealed interface WriteStep {

    /** The write's outcome. */
    record Done(RawWrite write) implements WriteStep {
    }

    /** The write's failure, explained. */
    record Failed(RuntimeException failure) implements WriteStep {
    }

    /**
     * Reads an item (a stored created-at to keep, the item a patch changes, the item a failed condition met), then
     * goes on with it.
     *
     * @param request the GetItem
     * @param then    the next step, given the item or null when there is none
     */
    record Read(GetItemRequest request, Function<Map<String, AttributeValue>, WriteStep> then) implements WriteStep {
    }

    /**
     * Queries one page (whether rows are under a node the write removes), then goes on with its items.
     *
     * @param request the Query
     * @param then    the next step, given the page's items (empty when none)
     */
    record Query(QueryRequest request, Function<List<Map<String, AttributeValue>>, WriteStep> then)
            implements WriteStep {
    }

    /**
     * A PutItem, UpdateItem or DeleteItem with its condition.
     *
     * @param request      the request
     * @param then          the next step, given the attributes DynamoDB returned (an empty map when none)
     * @param onCheckFailed the next step when the condition failed, given the item DynamoDB returned with the
     *                      failure (null when none) and the failure
     */
    record Send(Request request, Function<Map<String, AttributeValue>, WriteStep> then,
            BiFunction<Map<String, AttributeValue>, RuntimeException, WriteStep> onCheckFailed) implements WriteStep {
    }

    /**
     * A TransactWriteItems of the write, its parent guard's checks and the consistency hook's actions (sent, or
     * handed to the unit of work the adapter collects into).
     *
     * @param actions   the actions, the write first
     * @param then      the next step once written
     * @param explainer the step a cancellation leads to, or null when it is not the write's to explain (then the
     *                  cancellation is thrown as it is)
     */
    record Transact(List<TransactionAction> actions, Supplier<WriteStep> then,
            Explainer explainer) implements WriteStep {
    }

    /**
     * @return the step, where it ends in a failure of the given type (after any reads) ending instead in the
     *         recovery; null for null
     */
    static @Nullable WriteStep recover(@Nullable WriteStep step, Class<? extends RuntimeException> failure,
            Supplier<WriteStep> recovery) {
        if (step instanceof Failed failed && failure.isInstance(failed.failure())) {
            return recovery.get();
        }
        if (step instanceof Read read) {
            return new Read(read.request(), item -> recover(read.then().apply(item), failure, recovery));
        }
        return step;
    }

    /** Turns the failure of one action of a write's transaction into the step it leads to. */
    @FunctionalInterface
    interface Explainer {

        /**
         * @return the step the failure leads to (typically a {@link Failed}, after a {@link Read} of the item), or
         *         null when the failure is not the write's to explain
         */
        @Nullable WriteStep explain(int index, TransactionCancelledException.ActionFailure failure,
                TransactionCancelledException cancelled);
    }

    /** The one request of a {@link Send}: exactly one of the three is set. */
    record Request(@Nullable PutItemRequest put, @Nullable UpdateItemRequest update,
            @Nullable DeleteItemRequest delete) {

        static Request of(PutItemRequest put) {
            return new Request(put, null, null);
        }

        static Request of(UpdateItemRequest update) {
            return new Request(null, update, null);
        }

        static Request of(DeleteItemRequest delete) {
            return new Request(null, null, delete);
        }
    }
}
