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
 * Writes each chunk's items again, in place, with batches (BatchWriteItem of 25, unprocessed items retried with the
 * adapter's retry policy): each item, through an optional transform that keeps its key, prepared like a batch put
 * (index attributes computed, validation, version plus one, created-at kept) and written unconditionally, so a redo
 * writes the same content. Use it after an {@code ItemProcessor} that changes stored items; an item whose key the
 * transform changes fails (copy or move it instead). See {@link MassItemWriter} for counters and failures.
 */
public class PutItemWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final UnaryOperator<Map<String, AttributeValue>> transform;

    /** Writes the items as they are. */
    public PutItemWriter(Adapter<?> adapter) {
        this(adapter, UnaryOperator.identity());
    }

    /** @param transform changes an item (its attributes as the application writes them), keeping its key */
    public PutItemWriter(Adapter<?> adapter, UnaryOperator<Map<String, AttributeValue>> transform) {
        super("put");
        this.writes = MassWrites.of(adapter);
        this.transform = Objects.requireNonNull(transform, "transform");
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.put(items, transform, options());
    }
}
