/**
 * Batch calls with retries: {@link BatchWriter} (25 requests a call) and {@link BatchGetter} (100 keys a call), on
 * the blocking or the asynchronous client, the {@link RetryPolicy} for unprocessed items and keys and for transaction
 * conflicts, and the {@link AdaptiveConcurrency} that bounds calls in flight. Transactions have their own package,
 * {@code io.dynamodbtoolkit.transaction}.
 */
@NullMarked
package io.dynamodbtoolkit.batch;

import org.jspecify.annotations.NullMarked;
