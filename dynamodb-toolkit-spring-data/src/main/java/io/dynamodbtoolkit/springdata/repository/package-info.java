/**
 * The repository interfaces of hierarchical key designs, {@link HierarchicalRepository} and
 * {@link ReactiveHierarchicalRepository}, and the annotations that bind a repository or a query method: the
 * adapter it uses ({@link AdapterName}), an index ({@link IndexName}), a permitted Scan ({@link AllowScan}) and a
 * call outside the caller's scope ({@link Unscoped}).
 */
@NullMarked
package io.dynamodbtoolkit.springdata.repository;

import org.jspecify.annotations.NullMarked;
