package io.dynamodbtoolkit.boot.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.test.autoconfigure.TestDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.test.PackageDependencies;
import org.junit.jupiter.api.Test;

/** The module's packages depend on each other in one direction only, as {@code jdeps} reads its main classes. */
class PackageCyclesTest {

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        PackageDependencies packages = PackageDependencies.of(TestDynamoDbAutoConfiguration.class, "io.dynamodbtoolkit");

        assertThat(packages.cycles()).as("packages on a cycle, in %s", packages).isEmpty();
    }
}
