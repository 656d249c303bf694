package io.dynamodbtoolkit.boot.autoconfigure.test;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Bootstraps {@link DynamoDbToolkitTest} tests (adds its {@code properties}). */
class DynamoDbToolkitTestContextBootstrapper extends TestSliceTestContextBootstrapper<DynamoDbToolkitTest> {
}
