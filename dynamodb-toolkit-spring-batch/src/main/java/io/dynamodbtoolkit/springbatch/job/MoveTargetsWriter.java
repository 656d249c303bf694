package io.dynamodbtoolkit.springbatch.job;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassWrites;
import io.dynamodbtoolkit.springbatch.item.MassItemWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes the targets a move of each chunk's items would write, and leaves the sources in place
 * ({@link MassWrites#copyForMove}): a target absent or already holding this very copy is written and counted as
 * processed, a target holding another item is a conflict. The move that later meets the same items finds this very
 * copy at each target and completes (deletes the sources).
 */
final class MoveTargetsWriter extends MassItemWriter {

    private final MassWrites<?> writes;
    private final UnaryOperator<Map<String, AttributeValue>> transform;

    MoveTargetsWriter(Adapter<?> adapter, UnaryOperator<Map<String, AttributeValue>> transform) {
        super("copy ahead of a move");
        this.writes = MassWrites.of(adapter);
        this.transform = transform;
    }

    @Override
    protected MassPageResult apply(List<Map<String, AttributeValue>> items) {
        return writes.copyForMove(items, transform, options());
    }
}
