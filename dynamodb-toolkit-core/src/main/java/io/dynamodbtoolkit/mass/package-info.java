/**
 * Mass operations over any query or the whole table: {@link MassOperations} (delete, clone, move, edit, the
 * hierarchy cascades, index backfills) and {@link AsyncMassOperations}, run page by page with a resumable cursor,
 * bounded concurrency ({@link MassPacing}) and a {@link MassResult} that lists failures and conflicts per item.
 */
@NullMarked
package io.dynamodbtoolkit.mass;

import org.jspecify.annotations.NullMarked;
