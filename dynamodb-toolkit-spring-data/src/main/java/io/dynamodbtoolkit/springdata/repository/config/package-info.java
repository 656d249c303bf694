/**
 * Enabling the repositories: {@link EnableDynamoDbToolkitRepositories},
 * {@link EnableReactiveDynamoDbToolkitRepositories} and {@link EnableDynamoDbToolkitAuditing}, with the registrars
 * and configuration extensions that scan for repository interfaces and register their factory beans.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.repository.config;

import org.jspecify.annotations.NullMarked;
