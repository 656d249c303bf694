package io.dynamodbtoolkit.springbatch.job;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/** Splits a whole table into the segments of a parallel Scan: {@code gridSize} segments, one partition each. */
final class ScanSegments {

    /** The partition context key of the segment. */
    static final String SEGMENT = "scan.segment";
    /** The partition context key of the number of segments. */
    static final String SEGMENTS = "scan.segments";

    private ScanSegments() {
    }

    /** @return one partition per segment */
    static Map<String, ExecutionContext> partition(int gridSize) {
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        for (int segment = 0; segment < gridSize; segment++) {
            ExecutionContext context = new ExecutionContext();
            context.putInt(SEGMENT, segment);
            context.putInt(SEGMENTS, gridSize);
            partitions.put(String.format("segment%04d", segment), context);
        }
        return partitions;
    }
}
