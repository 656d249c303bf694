/**
 * What the sample runs on, and the demo data: loaded at start-up, reset on request.
 */
package io.dynamodbtoolkit.sample.demo;
