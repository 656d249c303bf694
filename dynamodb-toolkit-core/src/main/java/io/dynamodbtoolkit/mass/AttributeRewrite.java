package io.dynamodbtoolkit.mass;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.expression.AttributeValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The work of a backfill on one item: works out which computed attributes to set and remove, writes just those with
 * a condition that the attributes they depend on are as read, and, when another writer changed the item meanwhile,
 * reads it again and starts over (up to {@value #ATTEMPTS} times). An item that needs nothing is skipped, and so is
 * one deleted meanwhile. An item still changing after every attempt is reported as a conflict: its last writer was
 * the application, whose writes compute the attributes themselves.
 */
final class AttributeRewrite implements Processors.ItemWork {

    /** How many times one item is read and rewritten before it is left to the writers racing for it. */
    static final int ATTEMPTS = 3;

    private final StoredItemCalls<?> calls;
    private final Function<Map<String, AttributeValue>, Change> change;

    /**
     * @param calls  the adapter's stored items and their calls
     * @param change what to change on an item as read
     */
    AttributeRewrite(StoredItemCalls<?> calls, Function<Map<String, AttributeValue>, Change> change) {
        this.calls = calls;
        this.change = change;
    }

    @Override
    public CompletableFuture<Void> apply(Map<String, AttributeValue> item, MassTally tally) {
        return attempt(calls.stored().keyOf(item), item, 1, tally);
    }

    private CompletableFuture<Void> attempt(Map<String, AttributeValue> key, Map<String, AttributeValue> current,
            int attempt, MassTally tally) {
        Change wanted = change.apply(current);
        if (wanted.isEmpty()) {
            tally.skipped();
            return MassFutures.DONE;
        }
        return calls.rewriteIfUnchanged(current, wanted.toWrite(), wanted.toRemove(), wanted.watched())
                .thenCompose(written -> {
                    if (written) {
                        tally.processed(1);
                        return MassFutures.DONE;
                    }
                    if (attempt == ATTEMPTS) {
                        tally.conflict(key, "item " + AttributeValues.showKey(key) + " changed while it was "
                                + "rewritten, " + ATTEMPTS + " times; its writer computed its attributes itself");
                        return MassFutures.DONE;
                    }
                    return calls.read(key).thenCompose(now -> {
                        if (now == null) {
                            tally.skipped();
                            return MassFutures.DONE;
                        }
                        return attempt(key, now, attempt + 1, tally);
                    });
                });
    }

    /**
     * What to change on one item.
     *
     * @param toWrite  attributes to set
     * @param toRemove attributes to remove
     * @param watched  attributes that must be as read for the change to be right
     */
    record Change(Map<String, AttributeValue> toWrite, Collection<String> toRemove, Collection<String> watched) {

        static final Change NONE = new Change(Map.of(), Set.of(), List.of());

        boolean isEmpty() {
            return toWrite.isEmpty() && toRemove.isEmpty();
        }
    }
}
