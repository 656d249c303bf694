/**
 * Benchmarks of the Spring Data layer: repository reads and writes (blocking and reactive) against the core Adapter
 * they are built on, and concurrent subtree reads.
 */
package io.dynamodbtoolkit.benchmarks.springdata;
