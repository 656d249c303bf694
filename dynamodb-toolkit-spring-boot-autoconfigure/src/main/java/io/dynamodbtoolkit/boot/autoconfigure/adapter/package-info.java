/**
 * Adapters declared in properties ({@code dynamodb.toolkit.adapters.<name>}): the property classes, the factories
 * that turn them into adapter declarations and beans ({@link AdapterBeanRegistrar}), the {@link AdapterCustomizer}
 * hook, and the failure analysis of a declaration that is refused.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import org.jspecify.annotations.NullMarked;
