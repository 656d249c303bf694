/**
 * Auto-configuration of the DynamoDB transaction manager ({@link DynamoDbTransactionAutoConfiguration}) when the
 * application has none.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.transaction;

import org.jspecify.annotations.NullMarked;
