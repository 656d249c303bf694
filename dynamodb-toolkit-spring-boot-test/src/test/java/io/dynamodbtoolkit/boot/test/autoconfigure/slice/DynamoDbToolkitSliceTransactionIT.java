package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.key.KeyValues;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.transaction.TransactionTimedOutException;

/**
 * The slice has the application's transactions and its reactive repositories: an imported {@code @Transactional}
 * service rolls back, its timeout holds, and reactive repositories are there on an asynchronous client.
 */
@DynamoDbToolkitTest
@ActiveProfiles("slice")
@Import(FacilityOpening.class)
class DynamoDbToolkitSliceTransactionIT {

    @Autowired
    private FacilityOpening opening;

    @Autowired
    private Adapter<Map<String, Object>> rentals;

    @Autowired
    private SliceReactiveRentalRepository reactiveRentals;

    @Test
    void aTransactionalServiceThatFailsWritesNothing() {
        assertThatThrownBy(() -> opening.openAndFail("OR", "Portland")).hasMessage("the payment failed");

        assertThat(rentals.get(KeyValues.of("state", "OR"))).isEmpty();
        assertThat(rentals.get(KeyValues.of("state", "OR", "facility", "Portland"))).isEmpty();
    }

    @Test
    void aTransactionPastItsTimeoutWritesNothing() {
        assertThatThrownBy(() -> opening.openSlowly("ID", "Boise")).isInstanceOf(TransactionTimedOutException.class);

        assertThat(rentals.get(KeyValues.of("state", "ID"))).isEmpty();
        assertThat(rentals.get(KeyValues.of("state", "ID", "facility", "Boise"))).isEmpty();
    }

    @Test
    void theApplicationsReactiveRepositoriesAreThere() {
        RentalRow.State utah = new RentalRow.State("UT", "Utah");
        assertThat(reactiveRentals.save(utah).block()).isEqualTo(utah);

        assertThat(reactiveRentals.findById(KeyValues.of("state", "UT")).block()).isEqualTo(utah);
        assertThat(rentals.get(KeyValues.of("state", "UT"))).isPresent();
    }
}
