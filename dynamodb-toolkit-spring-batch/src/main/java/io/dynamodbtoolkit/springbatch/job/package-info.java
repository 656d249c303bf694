/**
 * Ready Spring Batch jobs for the toolkit's mass operations
 * ({@link io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs}): their job parameters and the validator that
 * refuses bad ones before anything is read, the partitioned manager step and the chunk-oriented worker step of each,
 * local partitioning on a bounded pool, and the partitions' progress for operators.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch.job;

import org.jspecify.annotations.NullMarked;
