package io.dynamodbtoolkit.springbatch.rate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The two forms of the rate parameter, and the share of a capacity in items per second. */
class JobRateTest {

    @Test
    void aNumberIsItemsPerSecondAndAPercentageAShareOfTheWriteCapacity() {
        assertThat(JobRate.parse("rate", "500").itemsPerSecond(null, 2)).isEqualTo(500);
        JobRate quarter = JobRate.parse("rate", " 25% ");
        assertThat(quarter.isCapacityShare()).isTrue();
        assertThat(quarter.itemsPerSecond(new TableCapacity("t", 400), 1)).isEqualTo(100);
        assertThat(quarter.itemsPerSecond(new TableCapacity("t", 400), 2)).as("a move writes twice per item")
                .isEqualTo(50);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "fast", "101%", "0%", "%", "1e999999999999", "1e400"})
    void anythingElseIsRefusedNamingTheParameter(String text) {
        assertThatThrownBy(() -> JobRate.parse("rate", text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'rate'").hasMessageContaining(text);
    }

    @Test
    void aShareOfTheCapacityWithoutTheTablesCapacityIsRefused() {
        assertThat(JobRate.parse("rate", "500").itemsPerSecond(null, 2)).isEqualTo(500);
        assertThatThrownBy(() -> JobRate.parse("rate", "25%").itemsPerSecond(null, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs the table's capacity");
    }
}
