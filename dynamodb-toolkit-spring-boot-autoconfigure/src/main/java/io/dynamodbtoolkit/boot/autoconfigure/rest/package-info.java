/**
 * Auto-configuration of the REST surface of exported adapters ({@code dynamodb.toolkit.rest.*},
 * {@link DynamoDbToolkitRestProperties}), with the failure analysis of an exported resource without an entity type.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.rest;

import org.jspecify.annotations.NullMarked;
