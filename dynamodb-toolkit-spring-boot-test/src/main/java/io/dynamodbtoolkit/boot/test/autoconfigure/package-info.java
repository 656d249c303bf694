/**
 * Test support: the {@link io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest} slice.
 */
@NullMarked
package io.dynamodbtoolkit.boot.test.autoconfigure;

import org.jspecify.annotations.NullMarked;
