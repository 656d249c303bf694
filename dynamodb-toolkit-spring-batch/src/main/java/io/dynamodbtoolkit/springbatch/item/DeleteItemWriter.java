package io.dynamodbtoolkit.springbatch.item;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Deletes each chunk's items: BatchWriteItem calls of 25, unprocessed items retried with the adapter's retry policy;
 * with {@link io.dynamodbtoolkit.mass.MassOptions.Conditional#IF_EXISTS} one call per item, items already gone
 * counted as skipped. See {@link MassItemWriter} for counters and failures.
 */
public class DeleteItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;

    public DeleteItemWriter(Adapter<?> adapter) {
        super("delete");
        this.writes = MassWrites.of(adapter);
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.delete(items, options());
    }
}
