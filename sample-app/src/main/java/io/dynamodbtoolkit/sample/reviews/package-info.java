/**
 * Review queues: a sparse index (needs-review) read as a key seek.
 */
package io.dynamodbtoolkit.sample.reviews;
