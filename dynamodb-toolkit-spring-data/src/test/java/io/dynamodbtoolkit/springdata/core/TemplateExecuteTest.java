package io.dynamodbtoolkit.springdata.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@link DynamoDbToolkitOperations#execute} hands out the template's adapter and translates what the work throws. */
class TemplateExecuteTest {

    private final DynamoDbToolkitTemplate template = DynamoDbToolkitTemplate.builder(
            Adapter.create(Rentals.declaration("rentals"), mock(DynamoDbClient.class)),
            new MappingDynamoDbConverter(new DynamoDbMappingContext())).build();

    @Test
    void theWorkGetsTheTemplatesAdapterAndItsResultIsReturned() {
        Adapter<?> handedOut = template.execute(adapter -> adapter);
        String table = template.execute(adapter -> adapter.table());

        assertThat((Object) handedOut).isSameAs(template.getAdapter());
        assertThat(table).isEqualTo("rentals");
    }

    @Test
    void aFailureOfTheWorkIsTranslatedLikeAnyCalls() {
        InvalidCursorException tampered = new InvalidCursorException("the cursor was tampered with");

        assertThatThrownBy(() -> template.execute(adapter -> {
            throw tampered;
        })).isInstanceOf(InvalidDataAccessApiUsageException.class).hasCause(tampered);
    }

    @Test
    void aFailureTheTranslatorDoesNotKnowLeavesAsItIs() {
        UnsupportedOperationException unknown = new UnsupportedOperationException("not here");

        assertThatThrownBy(() -> template.execute(adapter -> {
            throw unknown;
        })).isSameAs(unknown);
    }
}
