/**
 * The sample's batch mode (profile batch): a JDBC job repository, the ready moveAllUnder job started as a manager
 * or served as a worker, and the bulk rows it moves.
 */
package io.dynamodbtoolkit.sample.batch;
