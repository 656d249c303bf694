package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.event.TransactionalEventListener;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Repository writes in {@code @Transactional} methods: one TransactWriteItems at the method's end, nothing written when
 * it throws or a check fails, and {@code @TransactionalEventListener}s hearing of the commit only once DynamoDB
 * accepted it.
 */
@DynamoDbTest
class TransactionalRepositoryIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues AUSTIN = KeyValues.of("state", "TX", "facility", "Austin");

    private AnnotationConfigApplicationContext context;
    private RentalRepository rentals;
    private Transfers transfers;
    private Events events;

    /** What a service publishes when a vehicle changed facility. */
    record VehicleMoved(String vin, String to) {
    }

    /** A service moving vehicles between facilities. */
    static class Transfers {

        private final RentalRepository rentals;
        private final ApplicationEventPublisher publisher;

        Transfers(RentalRepository rentals, ApplicationEventPublisher publisher) {
            this.rentals = rentals;
            this.publisher = publisher;
        }

        @Transactional
        public void move(String vin, String from, String to, boolean failAfterwards) {
            Vehicle vehicle = rentals.findById(KeyValues.of("state", "TX", "facility", from, "vin", vin))
                    .map(Vehicle.class::cast).orElseThrow();
            rentals.assertExists(KeyValues.of("state", "TX", "facility", to));
            rentals.delete(vehicle);
            rentals.insert(new Vehicle("TX", to, vin, vehicle.make(), vehicle.color(), vehicle.dailyRate(),
                    vehicle.seats(), vehicle.features(), null, null, null));
            publisher.publishEvent(new VehicleMoved(vin, to));
            if (failAfterwards) {
                throw new IllegalStateException("the booking system said no");
            }
        }
    }

    /** Hears moves after their commit. */
    static class Events {

        final List<VehicleMoved> committed = new CopyOnWriteArrayList<>();

        @TransactionalEventListener
        public void on(VehicleMoved moved) {
            committed.add(moved);
        }
    }

    @Configuration
    @EnableTransactionManagement
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class TransactionalRentals {

        @Bean
        DynamoDbTransactionManager dynamoDbTransactionManager(DynamoDbClient client) {
            return new DynamoDbTransactionManager(client);
        }

        @Bean
        Transfers transfers(RentalRepository rentals, ApplicationEventPublisher publisher) {
            return new Transfers(rentals, publisher);
        }

        @Bean
        Events events() {
            return new Events();
        }
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, TransactionalRentals.class, beans -> beans.registerBean(
                "rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalRepository.class);
        transfers = context.getBean(Transfers.class);
        events = context.getBean(Events.class);
        Rentals.rows().forEach(rentals::insert);
        log.clear();
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void aTransactionalMethodsRepositoryWritesGoAsOneTransactWriteItems(RequestLog log) {
        transfers.move("1HGC0001", "Dallas", "Austin", false);

        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isFalse();
        assertThat(rentals.findById(AUSTIN.and("vin", "1HGC0001"))).get().extracting(RentalRow.class::cast)
                .isInstanceOf(Vehicle.class);
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
        TransactWriteItemsRequest sent = log.calls("TransactWriteItems").get(0)
                .request(TransactWriteItemsRequest.class);
        assertThat(sent.transactItems()).filteredOn(item -> item.conditionCheck() == null).hasSize(2);
        assertThat(log.calls().stream().filter(call -> call.operation().matches("PutItem|DeleteItem"))).isEmpty();
        assertThat(events.committed).containsExactly(new VehicleMoved("1HGC0001", "Austin"));
    }

    @Test
    void aMethodThatThrowsWritesNothingAndItsEventIsNotHeard(RequestLog log) {
        assertThatThrownBy(() -> transfers.move("1HGC0001", "Dallas", "Austin", true))
                .hasMessageContaining("booking system");

        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
        assertThat(rentals.existsById(AUSTIN.and("vin", "1HGC0001"))).isFalse();
        assertThat(log.calls("TransactWriteItems")).isEmpty();
        assertThat(events.committed).isEmpty();
    }

    @Test
    void aFailedCheckCancelsTheWholeMove() {
        assertThatThrownBy(() -> transfers.move("1HGC0001", "Dallas", "Houston", false))
                .isInstanceOf(DataIntegrityViolationException.class).hasMessageContaining("Houston");

        assertThat(rentals.existsById(DALLAS.and("vin", "1HGC0001"))).isTrue();
        assertThat(rentals.findById(AUSTIN)).get().isInstanceOf(Facility.class);
        assertThat(events.committed).isEmpty();
    }
}
