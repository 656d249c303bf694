package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Backfills an index on each chunk's items, as {@link io.dynamodbtoolkit.mass.IndexBackfill} does: writes the
 * difference between what each item carries and what a fresh write computes for the index (one conditional
 * UpdateItem), items that need nothing skipped, so a redo writes nothing twice. Pair it with a
 * {@link ScanSegmentItemReader} per segment for a whole table. See {@link MassItemWriter} for counters and failures.
 */
public class BackfillItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final String index;

    /**
     * @param index the index, as declared
     * @throws IllegalArgumentException naming the declared indexes, when the index is not one of them
     */
    public BackfillItemWriter(Adapter<?> adapter, String index) {
        super("backfill of index '" + index + "'");
        adapter.declaration().indexes().get(index);
        this.writes = MassWrites.of(adapter);
        this.index = index;
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.backfill(index, items, options());
    }
}
