package io.dynamodbtoolkit.springbatch.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;

/** A job's values it cannot run without: given, they are handed out; absent, the exception names the parameter. */
class MassJobRequestTest {

    @Test
    void aRequiredValueIsHandedOutOrItsParameterNamed() {
        KeyValues key = KeyValues.of("state", "TX");
        MassJobRequest move = new MassJobRequest(MassJobKind.MOVE_ALL_UNDER, key, null, Filter.empty(), null, null, 0,
                0, 0, null);

        assertThat(move.requiredKey()).isEqualTo(key);
        assertThatThrownBy(move::requiredTarget).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("moveAllUnder needs the job parameter 'target'");
        assertThatThrownBy(move::requiredIndex).hasMessageContaining("the job parameter 'index'");
    }
}
