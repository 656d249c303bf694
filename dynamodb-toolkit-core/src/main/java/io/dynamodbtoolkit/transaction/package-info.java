/**
 * Transactions: {@link TransactionWriter} sends up to 100 actions (4 MB) as one {@code TransactWriteItems}, all or
 * nothing, retrying conflicts with other transactions by the batch package's
 * {@link io.dynamodbtoolkit.batch.RetryPolicy}; {@link TransactionCancelledException} names each refused action;
 * {@link ActionCollector} is how a unit of work collects single writes into one transaction.
 */
@NullMarked
package io.dynamodbtoolkit.transaction;

import org.jspecify.annotations.NullMarked;
