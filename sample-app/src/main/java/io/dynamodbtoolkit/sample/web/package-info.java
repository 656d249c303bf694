/**
 * The sample's web edge: problem-details answers for every refused request, known query parameters only, pages with
 * cursors, and mass operations run over HTTP with their outcomes.
 */
package io.dynamodbtoolkit.sample.web;
