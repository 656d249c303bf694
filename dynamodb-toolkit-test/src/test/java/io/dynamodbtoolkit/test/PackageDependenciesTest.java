package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.test.cyclefixture.first.First;
import org.junit.jupiter.api.Test;

/** {@link PackageDependencies} finds the cycles jdeps shows, and none in this module's own packages. */
class PackageDependenciesTest {

    private static final String FIXTURE = "io.dynamodbtoolkit.test.cyclefixture";

    @Test
    void findsTheCycleBetweenTwoPackagesAndLeavesTheLeafOut() {
        PackageDependencies fixture = PackageDependencies.of(First.class, FIXTURE);

        assertThat(fixture.cycles()).containsExactly(Set.of(FIXTURE + ".first", FIXTURE + ".second"));
        assertThat(fixture.of(FIXTURE + ".first")).containsExactly(FIXTURE + ".leaf", FIXTURE + ".second");
        assertThat(fixture.of(FIXTURE + ".leaf")).isEmpty();
    }

    @Test
    void theTestSupportPackagesDependOnEachOtherOneWay() {
        List<Set<String>> cycles = PackageDependencies.of(DynamoDbEndpoint.class, "io.dynamodbtoolkit").cycles();

        assertThat(cycles).isEmpty();
    }

    @Test
    void refusesARootWithNoDependencies() {
        assertThatThrownBy(() -> PackageDependencies.of(First.class, "io.dynamodbtoolkit.nowhere"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("read no dependency");
    }
}
