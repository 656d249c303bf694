package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** The {@code dynamodb.toolkit.batch.*} properties: the ready Spring Batch jobs of the mass operations. */
@ConfigurationProperties(prefix = DynamoDbToolkitBatchProperties.PREFIX)
public class DynamoDbToolkitBatchProperties {

    /** The prefix of these properties. */
    public static final String PREFIX = DynamoDbToolkitProperties.PREFIX + ".batch";

    /**
     * Partitions of one job that run at once in this JVM (the threads of local partitioning); each gets this share of
     * the job's rate.
     */
    private int workers = 4;

    /**
     * Scan segments of a job over the whole table when its gridSize parameter gives none (a job with a key is
     * partitioned by the key design). Unset: 4 per worker, so that segments of unequal size keep every worker busy.
     */
    private @Nullable Integer gridSize;

    /** Items per chunk when a job's chunkSize parameter gives none: one write of the job repository each. */
    private int chunkSize = 100;

    /**
     * Adapters whose ready jobs are registered in the JobRegistry (named adapter.operation, e.g.
     * rentals.moveAllUnder). Empty: every adapter.
     */
    private List<String> adapters = new ArrayList<>();

    /** @return the partitions of one job that run at once in this JVM */
    public int getWorkers() {
        return workers;
    }

    /** @param workers the partitions of one job that run at once in this JVM */
    public void setWorkers(int workers) {
        this.workers = workers;
    }

    /** @return the default grid size, null for 4 per worker */
    public @Nullable Integer getGridSize() {
        return gridSize;
    }

    /** @param gridSize the default grid size */
    public void setGridSize(@Nullable Integer gridSize) {
        this.gridSize = gridSize;
    }

    /** @return the default chunk size */
    public int getChunkSize() {
        return chunkSize;
    }

    /** @param chunkSize the default chunk size */
    public void setChunkSize(int chunkSize) {
        this.chunkSize = chunkSize;
    }

    /** @return the adapters whose jobs are registered, empty for all */
    public List<String> getAdapters() {
        return adapters;
    }

    /** @param adapters the adapters whose jobs are registered */
    public void setAdapters(List<String> adapters) {
        this.adapters = adapters;
    }
}
