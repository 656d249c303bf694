/**
 * Rentals: the three-tier key design (state, facility, vehicle) of the toolkit's examples, with subtree reads,
 * clones, moves and transactions over HTTP.
 */
package io.dynamodbtoolkit.sample.rentals;
