/**
 * Spring Boot auto-configuration of the toolkit: {@link DynamoDbToolkitAutoConfiguration} builds the adapters and
 * the template from the {@code dynamodb.toolkit.*} properties (bound in the {@code properties} package); the other
 * sub-packages configure the embedded engine, provisioning, repositories, the REST surface, transactions, health,
 * metrics and the actuator endpoint.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
