/**
 * The {@link Adapter} of one item type in one table, with DynamoDB-aware write semantics (post, put, patch, edit,
 * clone, move, delete; versions, created-at, parent guard, index membership), its options, results and exceptions,
 * and {@link AsyncAdapter}, the same operations on the asynchronous client. Inside, reads and writes are planned
 * without a client ({@code PageReading}, {@code WriteStep}, {@code BatchStep}) and run by one of two executors,
 * {@code BlockingCalls} or {@code AsyncCalls}; {@link StoredItems} is the stored-item view the mass engine uses.
 */
@NullMarked
package io.dynamodbtoolkit.adapter;

import org.jspecify.annotations.NullMarked;
