package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.Update;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The single-item writes of an adapter on the blocking client: each planned by the {@link WritePlanner} and run by
 * the {@link BlockingCalls} executor. See the planner for the semantics.
 */
final class SingleItemWrites {

    private final WritePlanner planner;
    private final BlockingCalls calls;

    SingleItemWrites(AdapterContext context) {
        this.planner = new WritePlanner(context);
        this.calls = new BlockingCalls(context);
    }

    /** @return the planner of these writes, for another executor */
    WritePlanner planner() {
        return planner;
    }

    /** @return the outcome of a planned write's steps */
    RawWrite run(WriteStep plan) {
        return calls.run(plan);
    }

    /** @see WritePlanner#post */
    RawWrite post(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        return calls.run(planner.post(input, kind, options));
    }

    /** @see WritePlanner#replace */
    RawWrite replace(Map<String, AttributeValue> input, WriteKind kind, WriteOptions options) {
        return calls.run(planner.replace(input, kind, options));
    }

    /** @see WritePlanner#createOrReplace */
    RawWrite createOrReplace(Map<String, AttributeValue> input, WriteOptions options) {
        return calls.run(planner.createOrReplace(input, options));
    }

    /** @see WritePlanner#patch */
    RawWrite patch(KeyValues key, Map<String, AttributeValue> changes, Update actions, WriteOptions options) {
        return calls.run(planner.patch(key, changes, actions, options));
    }



    /** @see WritePlanner#delete */
    RawWrite delete(KeyValues key, WriteKind kind, WriteOptions options) {
        return calls.run(planner.delete(key, kind, options));
    }

    /** Runs a write, its parent guard's checks and its extra actions as one transaction; see WritePlanner#transact. */
    void transact(Map<String, AttributeValue> key, @Nullable Map<String, AttributeValue> item,
            WriteExpectation expectation,
            TransactWriteItem write, List<TransactWriteItem> checks, List<TransactWriteItem> extras) {
        calls.run(planner.transact(key, item, expectation, write, checks, extras,
                () -> new WriteStep.Done(new RawWrite(item, Map.of(), true))));
    }

    /** @return a failed condition explained, the item read (strongly) when DynamoDB did not return it */
    @Nullable ConditionalWriteException explain(Map<String, AttributeValue> key, WriteExpectation expectation,
            @Nullable Map<String, AttributeValue> returnedItem, @Nullable Throwable cause) {
        return (ConditionalWriteException) calls.failureOf(planner.explain(key, expectation, returnedItem, cause));
    }

    /** @return the parent guard of the adapter's inserts */
    ParentGuard guard() {
        return planner.guard();
    }

    Condition exists() {
        return planner.exists();
    }

    Condition notExists() {
        return planner.notExists();
    }

    /** @see WritePlanner#versionIs */
    @Nullable Condition versionIs(@Nullable Long observed) {
        return planner.versionIs(observed);
    }

    /** @see WritePlanner#allOf */
    static @Nullable Condition allOf(@Nullable Condition... conditions) {
        return WritePlanner.allOf(conditions);
    }

    /**
     * A write's outcome on attribute maps.
     *
     * @param item     the item as written or, for deletes asked for ALL_OLD, as removed (stored form), or null
     * @param returned what DynamoDB returned (stored form), or an empty map
     * @param written  whether anything was written (for a delete not asked for ALL_OLD outside a transaction: true,
     *                 as DynamoDB does not say whether the item existed)
     */
    record RawWrite(@Nullable Map<String, AttributeValue> item, Map<String, AttributeValue> returned, boolean written) {

        static RawWrite unchanged(@Nullable Map<String, AttributeValue> item) {
            return new RawWrite(item, Map.of(), false);
        }
    }
}
