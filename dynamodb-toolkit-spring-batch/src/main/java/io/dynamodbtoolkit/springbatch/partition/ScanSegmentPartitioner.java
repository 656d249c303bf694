package io.dynamodbtoolkit.springbatch.partition;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springbatch.item.ScanSegmentItemReader;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Splits a whole table into parallel Scan segments: {@code gridSize} partitions, segment {@code i} of
 * {@code gridSize}, its execution context holding {@value #SEGMENT} and {@value #SEGMENTS}. Build each partition's
 * reader with {@link #reader}. Choose the grid size as a multiple of the workers (2 to 4 segments per worker keeps
 * them busy while segments differ in size); DynamoDB allows up to 1,000,000 segments.
 */
public class ScanSegmentPartitioner implements Partitioner {

    /** Context key of the partition's segment, from 0. */
    public static final String SEGMENT = "dynamodb.toolkit.partition.segment";
    /** Context key of the segment count. */
    public static final String SEGMENTS = "dynamodb.toolkit.partition.segments";

    /** DynamoDB's limit on TotalSegments. */
    static final int MAX_SEGMENTS = 1_000_000;

    /**
     * @param gridSize how many segments, from 1 to 1,000,000
     * @throws IllegalArgumentException when the grid size is out of that range
     */
    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        if (gridSize < 1 || gridSize > MAX_SEGMENTS) {
            throw new IllegalArgumentException("gridSize " + gridSize + " is not a Scan segment count: it must be "
                    + "between 1 and " + MAX_SEGMENTS);
        }
        Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
        for (int segment = 0; segment < gridSize; segment++) {
            ExecutionContext context = new ExecutionContext();
            context.putInt(SEGMENT, segment);
            context.putInt(SEGMENTS, gridSize);
            contexts.put(String.format("segment%06d", segment), context);
        }
        return contexts;
    }

    /**
     * @return the reader of the segment a partition's execution context names
     * @throws IllegalArgumentException naming the context key, when it is missing or out of range
     */
    public static ScanSegmentItemReader reader(Adapter<?> adapter, ExecutionContext context) {
        int segment = PartitionContexts.requireInt(context, SEGMENT);
        int segments = PartitionContexts.requireInt(context, SEGMENTS);
        if (segment < 0 || segment >= segments) {
            throw new IllegalArgumentException("Execution context key '" + SEGMENT + "' holds " + segment
                    + ", not a segment of " + segments);
        }
        return new ScanSegmentItemReader(adapter, segment, segments);
    }
}
