/**
 * Benchmarks of the embedded engine: item operations over HTTP, start-up, and a build of the engine compared with
 * another build (EngineBuildRatios).
 */
package io.dynamodbtoolkit.benchmarks.embedded;
