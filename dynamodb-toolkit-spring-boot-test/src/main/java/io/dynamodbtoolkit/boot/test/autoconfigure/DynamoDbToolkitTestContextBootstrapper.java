package io.dynamodbtoolkit.boot.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Bootstraps {@link DynamoDbToolkitTest} tests (adds its {@code properties}). */
class DynamoDbToolkitTestContextBootstrapper extends TestSliceTestContextBootstrapper<DynamoDbToolkitTest> {
}
