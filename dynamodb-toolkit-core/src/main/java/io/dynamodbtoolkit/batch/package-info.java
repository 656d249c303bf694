/**
 * Batch and transaction calls with retries: {@link BatchWriter} (25 requests a call) and {@link BatchGetter}
 * (100 keys a call), on the blocking or the asynchronous client, {@link TransactionWriter} (100 actions, 4 MB) and
 * the {@link RetryPolicy} for unprocessed items and keys and transaction conflicts. {@link ActionCollector} is
 * how a unit of work collects single writes into one transaction.
 */
@NullMarked
package io.dynamodbtoolkit.batch;

import org.jspecify.annotations.NullMarked;
