/**
 * Benchmarks of the mass operations: subtree moves, copies and deletes, and index backfill, on a real server.
 */
package io.dynamodbtoolkit.benchmarks.mass;
