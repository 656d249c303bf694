/**
 * Auto-configuration of remote partitioning when {@code dynamodb.toolkit.batch.remote.role} is set: the partition
 * requests queued in the job repository's database, polled by worker instances of the same application.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.batch.remote;

import org.jspecify.annotations.NullMarked;
