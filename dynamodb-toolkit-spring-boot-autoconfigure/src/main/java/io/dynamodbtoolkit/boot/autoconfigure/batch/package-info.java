/**
 * Auto-configuration of the toolkit's Spring Batch module: the ready jobs of every adapter registered in the
 * JobRegistry, local partitioning on a bounded pool, the partitions' progress in Micrometer, and the
 * {@code dynamodbtoolkitjobs} Actuator endpoint, when the application has a job repository.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.batch;

import org.jspecify.annotations.NullMarked;
