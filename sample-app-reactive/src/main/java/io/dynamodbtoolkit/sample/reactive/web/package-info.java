/**
 * The reactive sample's web edge: problem-details answers for every refused request, malformed request targets
 * refused before WebFlux sees them, and a readiness gate that answers 503 until the demo rows are written.
 */
package io.dynamodbtoolkit.sample.reactive.web;
