package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.PackageDependencies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module's packages depend on each other in one direction only, as {@code jdeps} reads the compiled classes:
 * {@code mapping} on none of them, {@code core} (the template) on {@code mapping} only, the repository packages on
 * {@code core}, and {@code repository.query} never on {@code repository.support}.
 */
class PackageDependenciesTest {

    private static final String ROOT = "io.dynamodbtoolkit.springdata";

    private static PackageDependencies packages;

    @BeforeAll
    static void readTheClasses() {
        packages = PackageDependencies.of(DynamoDbToolkitTemplate.class, ROOT);
        assertThat(packages.all()).as("what jdeps read").containsKeys(ROOT + ".core", ROOT + ".repository.query");
    }

    @Test
    void queriesDoNotDependOnTheRepositorySupport() {
        assertThat(packages.of(ROOT + ".repository.query")).doesNotContain(ROOT + ".repository.support");
    }

    @Test
    void theTemplateDependsOnTheMappingOnly() {
        assertThat(packages.of(ROOT + ".core")).containsOnly(ROOT + ".mapping");
        assertThat(packages.of(ROOT + ".mapping")).isEmpty();
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        assertThat(packages.cycles()).as("packages on a cycle, in %s", packages).isEmpty();
    }
}
