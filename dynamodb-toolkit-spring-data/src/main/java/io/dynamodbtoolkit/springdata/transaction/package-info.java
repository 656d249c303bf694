/**
 * Spring transactions on DynamoDB: {@link io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager}
 * collects the writes of templates and repositories into one TransactWriteItems sent at commit.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.transaction;

import org.jspecify.annotations.NullMarked;
