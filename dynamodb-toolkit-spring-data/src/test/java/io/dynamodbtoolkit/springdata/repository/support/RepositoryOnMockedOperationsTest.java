package io.dynamodbtoolkit.springdata.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.QueryPlan;
import io.dynamodbtoolkit.adapter.ReadStats;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalPageRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Repositories are built on the {@link DynamoDbToolkitOperations} interface alone, so they can be tested with a mocked
 * one and no server: the factory, the query lookup and the proxy's exception translation ask the interface for
 * everything (as spring-data-cassandra's unit tests mock {@code CassandraOperations}). What a mock cannot answer (the
 * key design, the tier classes, the mapping) comes from a template over a client that is never called.
 */
class RepositoryOnMockedOperationsTest {

    /** The rentals, opted out of the scope. */
    @Unscoped
    @AdapterName("rentals")
    interface UnscopedRentals extends HierarchicalRepository<RentalRow> {
    }

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private final DynamoDbToolkitTemplate offline = DynamoDbToolkitTemplate.builder(
            Adapter.create(Rentals.declaration("rentals"), mock(DynamoDbClient.class)),
            new MappingDynamoDbConverter(new DynamoDbMappingContext())).build();
    private final DynamoDbToolkitOperations operations = mock(DynamoDbToolkitOperations.class);
    private final PersistenceExceptionTranslator translator = failure -> failure instanceof IllegalStateException
            ? new DataRetrievalFailureException("translated: " + failure.getMessage(), failure) : null;

    @BeforeEach
    void describeTheAdapter() {
        when(operations.getAdapterName()).thenReturn(offline.getAdapterName());
        when(operations.getDeclaration()).thenAnswer(call -> offline.getDeclaration());
        when(operations.getConverter()).thenReturn(offline.getConverter());
        when(operations.getScopeFields()).thenReturn(List.of());
        when(operations.getScopeProvider()).thenReturn(Optional.empty());
        when(operations.getExceptionTranslator()).thenReturn(translator);
        when(operations.getTierClasses(any())).thenAnswer(call -> offline.getTierClasses(call.getArgument(0)));
    }

    @Test
    void aReadByKeyIsTheOperationsRead() {
        Facility dallas = new Facility("TX", "Dallas", "Dallas", LocalDate.of(2020, 1, 1), 1L);
        when(operations.findById(DALLAS, RentalRow.class)).thenReturn(Optional.of(dallas));

        RentalPageRepository rentals = new DynamoDbToolkitRepositoryFactory(operations)
                .getRepository(RentalPageRepository.class);

        assertThat(rentals.findById(DALLAS)).contains(dallas);
    }

    @Test
    void aFailureLeavesTheProxyTranslatedByTheOperationsTranslator() {
        when(operations.findById(DALLAS, RentalRow.class)).thenThrow(new IllegalStateException("no table"));

        RentalPageRepository rentals = new DynamoDbToolkitRepositoryFactory(operations)
                .getRepository(RentalPageRepository.class);

        assertThatThrownBy(() -> rentals.findById(DALLAS)).isInstanceOf(DataRetrievalFailureException.class)
                .hasMessage("translated: no table").hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void aDerivedSubtreeQueryRunsThePlanTheOperationsMakeOfTheNodesChildren() {
        when(operations.plan(any(SubtreeQuery.class)))
                .thenAnswer(call -> offline.plan((SubtreeQuery) call.getArgument(0)));
        QueryPlan children = offline.plan(SubtreeQuery.children(DALLAS));
        ItemPage<Vehicle> page = new ItemPage<>(List.of(), null, OptionalLong.empty(), ReadStats.NONE, () -> "");
        when(operations.findPage(eq(children), any(ListOptions.class), eq(RentalRow.class))).thenAnswer(call -> page);

        RentalPageRepository rentals = new DynamoDbToolkitRepositoryFactory(operations)
                .getRepository(RentalPageRepository.class);

        assertThat(rentals.findUnder("TX", "Dallas", ListOptions.defaults())).isSameAs(page);
    }

    @Test
    void anUnscopedRepositoryReadsThroughTheUnscopedOperations() {
        DynamoDbToolkitOperations unscoped = mock(DynamoDbToolkitOperations.class);
        when(operations.unscoped()).thenReturn(unscoped);
        when(unscoped.getTierClasses(any())).thenAnswer(call -> offline.getTierClasses(call.getArgument(0)));
        when(unscoped.getConverter()).thenReturn(offline.getConverter());
        when(unscoped.existsById(DALLAS)).thenReturn(true);

        UnscopedRentals rentals = new DynamoDbToolkitRepositoryFactory(operations)
                .getRepository(UnscopedRentals.class);

        assertThat(rentals.existsById(DALLAS)).isTrue();
        verify(operations, never()).existsById(any());
    }
}
