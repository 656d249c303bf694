package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Deletes the rows of a guarded subtree delete: every item must lie under the node (a chunk holding another is refused
 * before anything is deleted); the node's own row is left in place and counted as skipped. The whole delete is the
 * core's ({@link io.dynamodbtoolkit.mass.MassOperations#deleteAllUnder}) cut into steps: first mark the node
 * ({@link MassWrites#markDeleting}), so that guarded inserts under it fail; then delete its rows with this writer,
 * read strongly consistently after the mark (a {@link SubtreeItemReader} does); last delete the node if it still
 * carries the mark ({@link MassWrites#deleteMarked}), and read the subtree again if it lost it.
 */
public class GuardedDeleteItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final KeyValues node;

    /** @param node the node whose subtree is deleted */
    public GuardedDeleteItemWriter(Adapter<?> adapter, KeyValues node) {
        super("guarded delete under " + node);
        this.writes = MassWrites.of(adapter);
        this.node = Objects.requireNonNull(node, "node");
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.deleteUnder(node, items, options());
    }
}
