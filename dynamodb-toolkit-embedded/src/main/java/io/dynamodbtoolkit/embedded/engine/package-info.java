/**
 * The engine: tables, items, indexes, streams and time to live in memory ({@link DynamoDbEngine} and its
 * {@code Table}s), the operations DynamoDB documents (item, batch, query and scan, transaction, table and stream
 * operations) with their validation and capacity accounting, and the listeners persistence records changes with.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.engine;

import org.jspecify.annotations.NullMarked;
