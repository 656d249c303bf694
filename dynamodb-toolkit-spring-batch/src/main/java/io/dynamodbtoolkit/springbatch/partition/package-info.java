/**
 * Partitioners that split a mass operation by the key design: a subtree by the keys of its next tier (large children
 * by sort-key range), a sharded marker by shard, a whole table by Scan segment. Their partition execution contexts
 * hold strings and numbers only, which the readers of {@link io.dynamodbtoolkit.springbatch.item} are built from.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch.partition;

import org.jspecify.annotations.NullMarked;
