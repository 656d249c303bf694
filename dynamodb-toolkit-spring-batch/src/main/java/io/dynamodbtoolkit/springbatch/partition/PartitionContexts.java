package io.dynamodbtoolkit.springbatch.partition;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/** Reads the values the partitioners put into partition execution contexts, refusing what is missing. */
final class PartitionContexts {

    private PartitionContexts() {
    }

    /** @throws IllegalArgumentException naming the key, when it holds no whole number */
    static int requireInt(ExecutionContext context, String key) {
        if (!(context.get(key) instanceof Integer value)) {
            throw new IllegalArgumentException("Execution context key '" + key + "' holds " + context.get(key)
                    + ", not a whole number: this step execution was not made by the partitioner that reads it");
        }
        return value;
    }
}
