/**
 * The repository implementations and their factories: {@link SimpleHierarchicalRepository} and
 * {@link SimpleReactiveHierarchicalRepository}, {@link DynamoDbToolkitRepositoryFactory} and its reactive twin, the
 * binding of a repository to its adapter ({@code AdapterResolver}), and the {@code RepositoryScope} applied to
 * every call.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.repository.support;

import org.jspecify.annotations.NullMarked;
