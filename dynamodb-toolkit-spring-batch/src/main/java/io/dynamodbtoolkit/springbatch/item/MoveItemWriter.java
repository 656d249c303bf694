package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import io.dynamodbtoolkit.mass.PrefixSwap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Moves each chunk's items through a transform that gives each its new key, as the core's move does: copy, then
 * delete, per item. The targets are read first; a target that is absent or already holds this very copy (written by
 * an attempt that crashed between its copy and its delete) is written and its source deleted, so a redo of a chunk
 * loses and duplicates nothing; a target holding another item is a conflict, logged and counted, and its source
 * stays. With {@link io.dynamodbtoolkit.mass.MassOptions.Conditional#IF_NOT_EXISTS} one conditional call per item,
 * the source deleted only if unchanged since read. See {@link MassItemWriter} for counters and failures.
 */
public class MoveItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final UnaryOperator<Map<String, AttributeValue>> transform;

    /** @param transform makes an item's new form (its attributes as the application writes them, a new key) */
    public MoveItemWriter(Adapter<?> adapter, UnaryOperator<Map<String, AttributeValue>> transform) {
        super("move");
        this.writes = MassWrites.of(adapter);
        this.transform = Objects.requireNonNull(transform, "transform");
    }

    /** @return a writer moving rows of the subtree {@code from} to the same place under {@code to} */
    public static MoveItemWriter prefixSwap(Adapter<?> adapter, KeyValues from, KeyValues to) {
        return new MoveItemWriter(adapter, PrefixSwap.of(adapter.keys(), from, to));
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.move(items, transform, options());
    }
}
