package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Edits each chunk's items: each read into the adapter's type, changed by the mapper, diffed, and only the changes
 * written, checked against the version read. Unchanged items are skipped (so a redo changes nothing twice when the
 * mapper gives the same result on its own output), items changed by someone else since they were read are conflicts.
 * See {@link MassItemWriter} for counters and failures.
 *
 * @param <T> the adapter's item type
 */
public class EditItemWriter<T> extends MassItemWriter {

    private final MassWrites<T> writes;
    private final UnaryOperator<T> mapper;

    /** @param mapper the change of one item */
    public EditItemWriter(Adapter<T> adapter, UnaryOperator<T> mapper) {
        super("edit");
        this.writes = MassWrites.of(adapter);
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.edit(items, mapper, options());
    }
}
