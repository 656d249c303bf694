/**
 * Test support: the {@link io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest} slice.
 */
package io.dynamodbtoolkit.boot.test.autoconfigure;
