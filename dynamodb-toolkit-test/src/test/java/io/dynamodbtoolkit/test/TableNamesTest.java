package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableNamesTest {

    @Test
    void combinesBaseClassAndRandomSuffix() {
        assertThat(TableNames.unique("rentals", "RentalTest")).matches("rentals-RentalTest-[a-z0-9]{8}");
    }

    @Test
    void replacesCharactersDynamoDbRejects() {
        assertThat(TableNames.unique("my table/ü:1", "Outer$Inner")).matches("my_table___1-Outer_Inner-[a-z0-9]{8}");
    }

    @Test
    void keepsNamesWithinTheLimitWithoutLosingTheSuffix() {
        String name = TableNames.unique("b".repeat(300), "SomeTest");

        assertThat(name).hasSize(TableNames.MAX_LENGTH).startsWith("bbbb").matches(".*-[a-z0-9]{8}");
    }

    @Test
    void namesAreUnique() {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            names.add(TableNames.unique("t", "C"));
        }
        assertThat(names).hasSize(10_000);
    }

    @Test
    void rejectsABlankBaseName() {
        assertThatThrownBy(() -> TableNames.unique(" ", "C"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-blank base name");
        assertThatThrownBy(() -> TableSpec.named(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
