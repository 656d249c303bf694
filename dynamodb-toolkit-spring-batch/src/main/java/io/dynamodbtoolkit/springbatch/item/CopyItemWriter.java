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
 * Copies each chunk's items through a transform that gives each copy its new key (a {@link PrefixSwap} for a subtree
 * copy), as the core's clone does: each copy prepared and validated like a single write, the whole chunk checked
 * before its first write (a copy the table cannot hold, or under a parent guard a target whose parent is missing,
 * fails the chunk), written in batches that overwrite the targets, so a redo writes the same copies again. With
 * {@link io.dynamodbtoolkit.mass.MassOptions.Conditional#IF_NOT_EXISTS} one conditional call per item, and a target
 * already taken is left alone and counted as skipped. An item whose copy keeps its key is skipped. See
 * {@link MassItemWriter} for counters and failures.
 */
public class CopyItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final UnaryOperator<Map<String, AttributeValue>> transform;

    /** @param transform makes an item's copy (its attributes as the application writes them) from the item */
    public CopyItemWriter(Adapter<?> adapter, UnaryOperator<Map<String, AttributeValue>> transform) {
        super("copy");
        this.writes = MassWrites.of(adapter);
        this.transform = Objects.requireNonNull(transform, "transform");
    }

    /** @return a writer copying rows of the subtree {@code from} to the same place under {@code to} */
    public static CopyItemWriter prefixSwap(Adapter<?> adapter, KeyValues from, KeyValues to) {
        return new CopyItemWriter(adapter, PrefixSwap.of(adapter.keys(), from, to));
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.copy(items, transform, options());
    }
}
