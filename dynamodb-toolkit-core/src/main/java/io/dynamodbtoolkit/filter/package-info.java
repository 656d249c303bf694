/**
 * The query-string filter grammar {@code <op>-<field>=<value>} (the original toolkit's {@code eq-status=open},
 * {@code btw-price=10,20}, ...): a {@link io.dynamodbtoolkit.filter.FilterSpec} allowlists fields
 * ({@link io.dynamodbtoolkit.filter.FieldRule}, {@link io.dynamodbtoolkit.filter.FieldType},
 * {@link io.dynamodbtoolkit.filter.FilterOperator}) and parses clauses into a {@link io.dynamodbtoolkit.filter.Filter};
 * a {@link io.dynamodbtoolkit.filter.FilterCompiler} moves the clauses on key attributes of a Query into its key
 * condition (pluggable through {@link io.dynamodbtoolkit.filter.KeyPromotion}) and leaves the rest as a
 * FilterExpression ({@link io.dynamodbtoolkit.filter.CompiledQuery}). Built on {@link io.dynamodbtoolkit.expression},
 * which does not depend on it.
 */
@NullMarked
package io.dynamodbtoolkit.filter;

import org.jspecify.annotations.NullMarked;
