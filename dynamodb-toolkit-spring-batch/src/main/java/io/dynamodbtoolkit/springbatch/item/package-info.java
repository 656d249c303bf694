/**
 * Restartable item readers that seek by key and keep the key of the last item they handed out in the step's
 * execution context, and item writers that apply the core's mass operations to each chunk ({@link
 * io.dynamodbtoolkit.mass.MassWrites}), idempotent, failing the chunk on any failed item.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch.item;

import org.jspecify.annotations.NullMarked;
