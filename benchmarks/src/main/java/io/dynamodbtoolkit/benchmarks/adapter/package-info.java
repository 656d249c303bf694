/**
 * Benchmarks of the core Adapter: the cost of mapping items (records, TableSchema, documents) measured against a
 * canned client that answers without a server.
 */
package io.dynamodbtoolkit.benchmarks.adapter;
