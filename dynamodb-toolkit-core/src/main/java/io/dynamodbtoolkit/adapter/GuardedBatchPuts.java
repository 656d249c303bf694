package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.ItemPreparer.PreparedItem;
import io.dynamodbtoolkit.batch.BatchStats;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Batch puts (BatchWriteItem, unconditional) under the adapter's parent guard: items whose parent row is missing
 * (and not written in the same batch) are refused before anything is written; after writing, items whose parent
 * fell meanwhile (deleted, or marked by a cascade) are deleted again and reported.
 */
final class GuardedBatchPuts {

    private final AdapterContext context;
    private final ParentGuard guard;

    GuardedBatchPuts(AdapterContext context, ParentGuard guard) {
        this.context = context;
        this.guard = guard;
    }

    /**
     * @param items the prepared items
     * @return the plan of the writes, giving what the batches cost; it fails with a {@link ParentNotFoundException}
     *         before writing, when an item's parent is missing or being deleted, or after writing, when some parents
     *         fell meanwhile (those items were removed again)
     */
    BatchStep<BatchStats> plan(List<PreparedItem> items) {
        List<Map<String, AttributeValue>> stored = items.stream().map(PreparedItem::item).toList();
        Set<Map<String, AttributeValue>> batchKeys = new HashSet<>();
        items.forEach(item -> batchKeys.add(item.key()));
        List<WriteRequest> puts = new ArrayList<>(items.size());
        stored.forEach(item -> puts.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build())
                .build()));
        return guard.fallenPlan(stored, batchKeys).then(refused -> {
            if (!refused.isEmpty()) {
                throw failure(refused, "nothing was written");
            }
            return BatchStep.write(puts, stats -> guard.fallenPlan(stored, Set.of()).then(fallen -> fallen.isEmpty()
                    ? BatchStep.done(stats) : undo(fallen, items.size())));
        });
    }

    /** @return the plan removing the items whose parent fell while they were written, failing when done */
    private BatchStep<BatchStats> undo(List<Map<String, AttributeValue>> fallen, int written) {
        List<WriteRequest> undo = new ArrayList<>(fallen.size());
        fallen.forEach(item -> undo.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                .key(context.keys().codec().storedPrimaryKeyFromItem(item)).build()).build()));
        return BatchStep.write(undo, stats -> {
            throw failure(fallen, "they were removed again; the other " + (written - fallen.size())
                    + " items are written");
        });
    }

    private ParentNotFoundException failure(List<Map<String, AttributeValue>> items, String outcome) {
        Map<String, AttributeValue> first = items.get(0);
        ParentNotFoundException one = guard.failure(context.keys().codec().storedPrimaryKeyFromItem(first), first,
                null);
        return new ParentNotFoundException(items.size() + " of the batch's items have no parent row standing (the "
                + "parent is missing, or it or an ancestor is being deleted), " + outcome + ". The first: "
                + one.getMessage(), one.key(), one.parentKey(), null);
    }
}
