/**
 * DynamoDB expressions without string assembly.
 *
 * <ul>
 *   <li>{@link io.dynamodbtoolkit.expression.AttributeValues} converts Java values to attribute values and back;
 *       {@link io.dynamodbtoolkit.expression.AttributePath} names an attribute (literally with {@code of}, or
 *       parsed from document-path syntax with {@code parse}).</li>
 *   <li>{@link io.dynamodbtoolkit.expression.Placeholders} is the one allocator of a request: every name and
 *       every value of every expression goes through it, so nothing user-supplied is written into an
 *       expression string.</li>
 *   <li>Immutable builders render with it: {@link io.dynamodbtoolkit.expression.Condition} (conditions and
 *       filters), {@link io.dynamodbtoolkit.expression.Update}, {@link io.dynamodbtoolkit.expression.Projection}
 *       and {@link io.dynamodbtoolkit.expression.KeyCondition} (partition equalities plus sort conditions,
 *       multi-attribute GSI keys included, checked against an
 *       {@link io.dynamodbtoolkit.expression.IndexKeySchema}).</li>
 *   <li>{@link io.dynamodbtoolkit.expression.ExpressionRequest} renders the expressions of one request together
 *       and applies them, with both placeholder maps, to the SDK request builders.</li>
 * </ul>
 *
 * <p>The query-string filter grammar that compiles to these expressions is in {@link io.dynamodbtoolkit.filter}.
 */
@NullMarked
package io.dynamodbtoolkit.expression;

import org.jspecify.annotations.NullMarked;
