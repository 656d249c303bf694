package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.util.List;

import io.dynamodbtoolkit.springbatch.job.MassJobDefaults;
import io.dynamodbtoolkit.springbatch.job.MassJobRequest;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/** Checks the {@code dynamodb.toolkit.batch.*} properties at start-up, naming the one that cannot work. */
final class BatchSettings {

    /** The most workers local partitioning runs in one JVM. */
    static final int MAX_WORKERS = 256;

    private BatchSettings() {
    }

    /** @throws InvalidConfigurationPropertyValueException naming {@code workers} when out of range */
    static int workers(DynamoDbToolkitBatchProperties properties) {
        int workers = properties.getWorkers();
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new InvalidConfigurationPropertyValueException(DynamoDbToolkitBatchProperties.PREFIX + ".workers",
                    workers, "It must be from 1 to " + MAX_WORKERS + ".");
        }
        return workers;
    }

    /** @throws InvalidConfigurationPropertyValueException naming the property out of range */
    static MassJobDefaults defaults(DynamoDbToolkitBatchProperties properties) {
        Integer gridSize = properties.getGridSize();
        if (gridSize != null && (gridSize < 1 || gridSize > MassJobRequest.MAX_GRID_SIZE)) {
            throw new InvalidConfigurationPropertyValueException(DynamoDbToolkitBatchProperties.PREFIX
                    + ".grid-size", gridSize, "It must be from 1 to " + MassJobRequest.MAX_GRID_SIZE + ".");
        }
        int chunkSize = properties.getChunkSize();
        if (chunkSize < 1 || chunkSize > MassJobRequest.MAX_CHUNK_SIZE) {
            throw new InvalidConfigurationPropertyValueException(DynamoDbToolkitBatchProperties.PREFIX
                    + ".chunk-size", chunkSize, "It must be from 1 to " + MassJobRequest.MAX_CHUNK_SIZE + ".");
        }
        int grid = gridSize != null ? gridSize : MassJobDefaults.forWorkers(workers(properties)).gridSize();
        return new MassJobDefaults(grid, chunkSize);
    }

    /**
     * @param properties the properties
     * @param existing   the application's adapters
     * @return the adapters whose jobs are registered: those configured, else every one
     * @throws InvalidConfigurationPropertyValueException naming {@code adapters} when one is no adapter
     */
    static List<String> adapters(DynamoDbToolkitBatchProperties properties, List<String> existing) {
        for (String adapter : properties.getAdapters()) {
            if (!existing.contains(adapter)) {
                throw new InvalidConfigurationPropertyValueException(DynamoDbToolkitBatchProperties.PREFIX
                        + ".adapters", properties.getAdapters(), "There is no adapter '" + adapter
                        + "'; the adapters are " + existing + ".");
            }
        }
        return properties.getAdapters().isEmpty() ? existing : List.copyOf(properties.getAdapters());
    }
}
