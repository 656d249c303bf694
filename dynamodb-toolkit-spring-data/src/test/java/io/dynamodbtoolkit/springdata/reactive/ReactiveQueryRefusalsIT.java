package io.dynamodbtoolkit.springdata.reactive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A reactive repository's query methods are refused at start-up where the blocking repository's are, with the same
 * messages, and besides where the result cannot be had without blocking: a blocking return type, a {@code Flux} of a
 * one-call result, a {@code Mono} of several rows, and atomic updates giving anything but a {@code Mono} of the row or
 * of nothing.
 */
@DynamoDbTest
class ReactiveQueryRefusalsIT {

    private static volatile Class<?> selected;
    private static DynamoDbAsyncClient asyncClient;

    /** Includes only the repository the running test selected. */
    static class SelectedRepository implements TypeFilter {
        @Override
        public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
            return selected != null && reader.getClassMetadata().getClassName().equals(selected.getName());
        }
    }

    @Configuration
    @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveQueryRefusalsIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.CUSTOM,
            classes = SelectedRepository.class))
    static class SelectedConfiguration {
    }

    @AdapterName(Rentals.ADAPTER)
    interface BlockingList extends ReactiveHierarchicalRepository<RentalRow> {
        List<RentalRow> findByStateAndFacility(String state, String facility);
    }

    @AdapterName(Rentals.ADAPTER)
    interface BlockingOptional extends ReactiveHierarchicalRepository<RentalRow> {
        Optional<Vehicle> findByStateAndFacilityAndVin(String state, String facility, String vin);
    }

    @AdapterName(Rentals.ADAPTER)
    interface BlockingCount extends ReactiveHierarchicalRepository<RentalRow> {
        long countByStateAndFacility(String state, String facility);
    }

    @AdapterName(Rentals.ADAPTER)
    interface FluxOfSlices extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<Slice<RentalRow>> findUnder(String state, Pageable pageable);
    }

    @AdapterName(Rentals.ADAPTER)
    interface MonoOfList extends ReactiveHierarchicalRepository<RentalRow> {
        Mono<List<RentalRow>> findByStateAndFacility(String state, String facility);
    }

    @AdapterName(Rentals.ADAPTER)
    interface FluxOfCount extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<Long> countByStateAndFacility(String state, String facility);
    }

    @AdapterName(Rentals.ADAPTER)
    interface FluxOfMassResults extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<MassResult> deleteUnder(String state, String facility);
    }

    @AdapterName(Rentals.ADAPTER)
    interface AtomicUpdateAsFlux extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<RentalRow> incrementSeats(KeyValues key, Number by);
    }

    @AdapterName(Rentals.ADAPTER)
    interface AtomicUpdateOfAnotherType extends ReactiveHierarchicalRepository<RentalRow> {
        Mono<String> incrementSeats(KeyValues key, Number by);
    }

    @AdapterName(Rentals.ADAPTER)
    interface AtomicUpdateOfAKeyField extends ReactiveHierarchicalRepository<RentalRow> {
        Mono<Void> appendVin(KeyValues key, java.util.List<String> vins);
    }

    @AdapterName(Rentals.ADAPTER)
    interface WholeTableScan extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<RentalRow> findByCity(String city);
    }

    @AdapterName(Rentals.ADAPTER)
    interface SortWithNoIndex extends ReactiveHierarchicalRepository<RentalRow> {
        Flux<RentalRow> findByStateOrderByCityAsc(String state);
    }

    @AdapterName(Rentals.ADAPTER)
    interface ScopedFleet extends ReactiveHierarchicalRepository<RentalRow> {
    }

    @BeforeAll
    static void client(DynamoDbEndpoint endpoint) {
        asyncClient = endpoint.asyncClientBuilder().build();
    }

    @AfterAll
    static void close() {
        asyncClient.close();
    }

    @Test
    void blockingReturnTypesNameTheReactiveOne(DynamoDbClient client) {
        assertFails(client, BlockingList.class, "BlockingList.findByStateAndFacility(String, String)",
                "it returns List<RentalRow>, which a reactive repository cannot serve without making the caller's "
                        + "thread wait", "return Flux<RentalRow>");
        assertFails(client, BlockingOptional.class, "returns Optional<Vehicle>", "return Mono<Vehicle>");
        assertFails(client, BlockingCount.class, "returns long", "return Mono<Long>");
    }

    @Test
    void aOneCallResultIsAMonoAndRowsAreAFlux(DynamoDbClient client) {
        assertFails(client, FluxOfSlices.class, "returns Flux<Slice<RentalRow>>", "return Mono<Slice<RentalRow>>");
        assertFails(client, MonoOfList.class, "returns Mono<List<RentalRow>>", "return Flux<RentalRow>");
        assertFails(client, FluxOfCount.class, "returns a Flux, but its result is one value (count)",
                "return a Mono of it");
        assertFails(client, FluxOfMassResults.class, "a mass operation has one result", "return Mono<MassResult>");
    }

    @Test
    void atomicUpdatesGiveAMonoOfTheRowOrOfVoid(DynamoDbClient client) {
        assertFails(client, AtomicUpdateAsFlux.class, "AtomicUpdateAsFlux.incrementSeats(KeyValues, Number)",
                "not a Flux", "return Mono<Void>, Mono<RentalRow>");
        assertFails(client, AtomicUpdateOfAnotherType.class, "not a Mono of String", "return Mono<Void>");
        assertFails(client, AtomicUpdateOfAKeyField.class, "AtomicUpdateOfAKeyField.appendVin(KeyValues, List)",
                "name a property of RentalRow");
    }

    @Test
    void theBlockingRefusalsApplyAsTheyAre(DynamoDbClient client) {
        assertFails(client, WholeTableScan.class, "WholeTableScan.findByCity(String)",
                "no equality on the partition key field 'state'", "Scan the whole table");
        assertFails(client, SortWithNoIndex.class, "sorting by 'city' would need an in-memory sort");
    }

    @Test
    void aScopeThatDoesNotLeadTheKeyDesignNeedsUnscoped(DynamoDbClient client) {
        selected = ScopedFleet.class;
        assertThatThrownBy(() -> start(client, Tenants::scope).close()).rootCause()
                .isInstanceOf(DeclarationException.class)
                .hasMessageContaining(ScopedFleet.class.getName())
                .hasMessageContaining("confines calls to key fields [tenant]")
                .hasMessageContaining("annotate the repository @Unscoped");
    }

    private static void assertFails(DynamoDbClient client, Class<?> repository, String... messageParts) {
        selected = repository;
        assertThatThrownBy(() -> start(client, null).close()).rootCause().isInstanceOf(DeclarationException.class)
                .satisfies(e -> assertThat(e.getMessage()).contains(messageParts));
    }

    private static AnnotationConfigApplicationContext start(DynamoDbClient client, Supplier<ScopeProvider> scope) {
        return ReactiveContexts.start(client, asyncClient, SelectedConfiguration.class, beans -> {
            if (scope != null) {
                beans.registerBean(ScopeProvider.class, scope);
            }
            beans.registerBean("rentals", AdapterDeclaration.class, () -> Rentals.declaration("rentals-x"));
        });
    }
}
