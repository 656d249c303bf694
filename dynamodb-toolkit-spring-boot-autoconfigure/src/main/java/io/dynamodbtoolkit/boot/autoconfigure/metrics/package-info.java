/**
 * Metrics and observations of the adapters' DynamoDB calls ({@link AdapterCallMetrics}) and of mass operations'
 * progress ({@link MassProgressMetrics}), with Micrometer, and their auto-configuration.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
