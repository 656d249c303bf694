/**
 * Auto-configuration of the blocking Spring Data repositories ({@code dynamodb.toolkit.repositories.enabled}), and
 * the failure analysis of a repository that cannot be bound to an adapter.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.repository;

import org.jspecify.annotations.NullMarked;
