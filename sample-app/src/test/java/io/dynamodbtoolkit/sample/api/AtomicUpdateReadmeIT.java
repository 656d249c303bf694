package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;

import io.dynamodbtoolkit.key.KeyValues;
// tag::atomic-update[]
import io.dynamodbtoolkit.sample.rentals.Vehicle;
// end::atomic-update[]
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
// tag::atomic-update[]

// end::atomic-update[]
/** The README's atomic update through the template: one UpdateItem, no read, the version checked and bumped. */
class AtomicUpdateReadmeIT extends ApiTestSupport {

    @Autowired
    @Qualifier("rentalsTemplate")
    private DynamoDbToolkitOperations rentalsTemplate;

    @Test
    void anAtomicUpdateIsOneUpdateItemAndNoRead() {
        KeyValues key = KeyValues.of("state", "TX", "facility", "Dallas", "vin", "5YJ3E1EA7KF317000");
        calls.clear();
        // tag::atomic-update[]
        Vehicle after = rentalsTemplate.update(key, Vehicle.class).increment("dailyRate", 5).ifVersion(1).execute();
        // end::atomic-update[]

        assertThat(after.dailyRate()).isEqualByComparingTo(new BigDecimal("94.00"));
        assertThat(after.version()).isEqualTo(2L);
        assertThat(calls.calls()).extracting(call -> call.operation()).containsExactly("UpdateItem");
    }
}
