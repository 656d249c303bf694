/**
 * The scaling benchmark of remote partitioning: a ready moveAllUnder job whose partitions run in worker JVMs, timed
 * for 1, 2 and 4 workers against the in-JVM engine.
 */
package io.dynamodbtoolkit.benchmarks.remote;
