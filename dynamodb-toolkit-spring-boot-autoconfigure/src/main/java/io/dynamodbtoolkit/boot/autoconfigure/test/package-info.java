/**
 * Test support: the {@link io.dynamodbtoolkit.boot.autoconfigure.test.DynamoDbToolkitTest} slice.
 */
package io.dynamodbtoolkit.boot.autoconfigure.test;
