/**
 * Spring Boot auto-configuration of the toolkit: {@link DynamoDbToolkitAutoConfiguration} builds the adapters and
 * the template from {@link DynamoDbToolkitProperties} ({@code dynamodb.toolkit.*}); the sub-packages configure the
 * embedded engine, provisioning, repositories, the REST surface, transactions, health, metrics and the actuator
 * endpoint.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure;

import org.jspecify.annotations.NullMarked;
