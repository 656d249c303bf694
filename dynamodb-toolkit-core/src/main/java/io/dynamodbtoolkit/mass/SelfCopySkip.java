package io.dynamodbtoolkit.mass;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Leaves out of a copy or move the items whose transform keeps their key, counting them as skipped: a copy of an
 * item onto its own key would overwrite it, and a move would write it and then delete it. Needed wherever the
 * transform is the caller's (a prefix swap always changes the key). An item whose copy cannot be prepared at all
 * is passed on, for the processor to report as it reports such items.
 */
final class SelfCopySkip implements PageProcessor {

    private final StoredItems<?> stored;
    private final UnaryOperator<Map<String, AttributeValue>> transform;
    private final WriteKind kind;
    private final PageProcessor next;

    SelfCopySkip(StoredItems<?> stored, UnaryOperator<Map<String, AttributeValue>> transform, WriteKind kind,
            PageProcessor next) {
        this.stored = stored;
        this.transform = transform;
        this.kind = kind;
        this.next = next;
    }

    @Override
    public CompletableFuture<Void> process(List<Map<String, AttributeValue>> items, MassTally tally,
            CompletableFuture<Void> previous) {
        List<Map<String, AttributeValue>> moving = new ArrayList<>(items.size());
        for (Map<String, AttributeValue> item : items) {
            if (keepsKey(item)) {
                tally.skipped();
            } else {
                moving.add(item);
            }
        }
        return moving.isEmpty() ? previous : next.process(moving, tally, previous);
    }

    private boolean keepsKey(Map<String, AttributeValue> item) {
        try {
            return stored.prepareCopy(item, transform, kind).key().equals(stored.keyOf(item));
        } catch (RuntimeException refused) {
            return false;
        }
    }
}
