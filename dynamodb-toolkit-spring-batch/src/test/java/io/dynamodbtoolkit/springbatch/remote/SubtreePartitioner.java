package io.dynamodbtoolkit.springbatch.remote;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/** The test's own partitioner: one partition per source subtree {@code src#00 .. src#NN}, as many as the grid. */
final class SubtreePartitioner implements Partitioner {

    static String source(int index) {
        return "src#%02d".formatted(index);
    }

    @Override
    public Map<String, ExecutionContext> partition(int gridSize) {
        Map<String, ExecutionContext> partitions = new LinkedHashMap<>();
        for (int i = 0; i < gridSize; i++) {
            ExecutionContext context = new ExecutionContext();
            context.putString(SubtreeReader.PARTITION_KEY, source(i));
            partitions.put("subtree" + i, context);
        }
        return partitions;
    }
}
