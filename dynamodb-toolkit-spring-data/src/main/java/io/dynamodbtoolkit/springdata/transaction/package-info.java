/**
 * Spring transactions on DynamoDB: {@link io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager}
 * collects the writes of templates and repositories into one TransactWriteItems sent at commit.
 */
package io.dynamodbtoolkit.springdata.transaction;
