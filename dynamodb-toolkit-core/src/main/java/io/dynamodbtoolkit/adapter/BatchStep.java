package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.batch.BatchStats;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * One step of a bulk operation's plan, as {@link WriteStep} is for single writes: a batch read or a batch write of
 * the adapter's table and what follows from its result, or the outcome. Plans are built once (batch reads and puts,
 * the created-at batch puts keep, the parent guard's checks before and after) and run by either executor:
 * {@link BlockingCalls} with the adapter's {@code BatchGetter} and {@code BatchWriter}, {@link AsyncCalls} with their
 * asynchronous methods (the same chunks, retries and bound of calls in flight). A continuation that throws ends the
 * plan with that failure.
 *
 * @param <R> the outcome
 */
sealed interface BatchStep<R> {

    /** @return the plan's outcome, known without a call */
    static <R> BatchStep<R> done(@Nullable R outcome) {
        return new Done<>(outcome);
    }

    /**
     * @return a read of items by primary key (one entry per key, in order, null where none), then the plan that
     *         follows from them
     */
    static <R> BatchStep<R> get(List<Map<String, AttributeValue>> keys,
            UnaryOperator<KeysAndAttributes.Builder> options, Function<List<Map<String, AttributeValue>>,
                    BatchStep<R>> then) {
        return new Get<>(keys, options, then);
    }

    /** @return a batch write of the requests, then the plan that follows from what it cost */
    static <R> BatchStep<R> write(List<WriteRequest> requests, Function<BatchStats, BatchStep<R>> then) {
        return new Write<>(requests, then);
    }

    /** @return this plan followed by the plan its outcome leads to */
    <U> BatchStep<U> then(Function<R, BatchStep<U>> next);

    /** The outcome. */
    record Done<R>(@Nullable R outcome) implements BatchStep<R> {
        @Override
        public <U> BatchStep<U> then(Function<R, BatchStep<U>> next) {
            return next.apply(outcome);
        }
    }

    /** A BatchGetItem read of keys of the adapter's table. */
    record Get<R>(List<Map<String, AttributeValue>> keys, UnaryOperator<KeysAndAttributes.Builder> options,
            Function<List<Map<String, AttributeValue>>, BatchStep<R>> found) implements BatchStep<R> {
        @Override
        public <U> BatchStep<U> then(Function<R, BatchStep<U>> next) {
            return new Get<>(keys, options, items -> found.apply(items).then(next));
        }
    }

    /** BatchWriteItem writes to the adapter's table. */
    record Write<R>(List<WriteRequest> requests, Function<BatchStats, BatchStep<R>> written)
            implements BatchStep<R> {
        @Override
        public <U> BatchStep<U> then(Function<R, BatchStep<U>> next) {
            return new Write<>(requests, stats -> written.apply(stats).then(next));
        }
    }
}
