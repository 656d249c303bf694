/**
 * The peer benchmark's floors: what a list costs through the toolkit against the bare SDK client's loop of Query
 * calls, and the HTTP client's own cost, on the same embedded server.
 */
package io.dynamodbtoolkit.benchmarks.peer;
