/**
 * The reactive sample application: the rentals of the blocking sample served by a reactive repository and a WebFlux
 * controller, on the embedded engine by default.
 */
package io.dynamodbtoolkit.sample.reactive;
