/**
 * Keeping the tables in a data directory ({@link DataDirectory}): a snapshot and an append-only log of checksummed
 * records ({@code RecordFile}), encoded by {@code StateCodec}, read back at start.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.persistence;

import org.jspecify.annotations.NullMarked;
