/**
 * Benchmarks of the toolkit (not published): JMH benchmarks and harnesses reporting cost ratios against a baseline
 * run in the same JVM; AlternatingRatio alternates the two in batches so that a shared, busy machine does not skew
 * them.
 */
package io.dynamodbtoolkit.benchmarks;
