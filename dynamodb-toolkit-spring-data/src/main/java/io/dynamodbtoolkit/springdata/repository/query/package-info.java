/**
 * Query methods: derived queries planned into key seeks, index reads, subtree reads and filters
 * ({@code DerivedQueryPlanner}), the mass and atomic-update methods, and their blocking and reactive execution;
 * a method that cannot be served is refused at start-up with {@link MethodDeclarationException}.
 */
@NullMarked
package io.dynamodbtoolkit.springdata.repository.query;

import org.jspecify.annotations.NullMarked;
