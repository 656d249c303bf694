package io.dynamodbtoolkit.springbatch.job;

/**
 * What a ready job uses when its parameters say nothing.
 *
 * @param gridSize  the Scan segments of a job over the whole table; by default 4 per worker, so that segments of
 *                  unequal size still keep every worker busy (a job with a key follows the key design)
 * @param chunkSize the items per chunk: one write of the job repository, and the most items redone after a crash
 */
public record MassJobDefaults(int gridSize, int chunkSize) {

    /** The chunk size when none is configured: 4 batches of 25 writes. */
    public static final int DEFAULT_CHUNK_SIZE = 100;
    /** Partitions per worker when no grid size is configured. */
    public static final int PARTITIONS_PER_WORKER = 4;

    public MassJobDefaults {
        if (gridSize < 1 || gridSize > MassJobRequest.MAX_GRID_SIZE) {
            throw new IllegalArgumentException("The default grid size must be from 1 to "
                    + MassJobRequest.MAX_GRID_SIZE + ", not " + gridSize);
        }
        if (chunkSize < 1 || chunkSize > MassJobRequest.MAX_CHUNK_SIZE) {
            throw new IllegalArgumentException("The default chunk size must be from 1 to "
                    + MassJobRequest.MAX_CHUNK_SIZE + ", not " + chunkSize);
        }
    }

    /** @return the defaults for a number of workers: {@value #PARTITIONS_PER_WORKER} partitions per worker */
    public static MassJobDefaults forWorkers(int workers) {
        return new MassJobDefaults(Math.min(MassJobRequest.MAX_GRID_SIZE, workers * PARTITIONS_PER_WORKER),
                DEFAULT_CHUNK_SIZE);
    }
}
