/**
 * The shared rate of a job: one limit for the whole job (items per second, or a share of the table's write capacity
 * read with DescribeTable), divided among the partitions that run at once, each held to its share by a token bucket
 * before it writes a chunk.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch.rate;

import org.jspecify.annotations.NullMarked;
