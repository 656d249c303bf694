/**
 * Runs the query shapes of the demo page through repository methods returning an ItemPage, and returns each page
 * with the key condition it sent and its read statistics.
 */
package io.dynamodbtoolkit.sample.explain;
