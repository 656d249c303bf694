package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemAlreadyExistsException;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.adapter.VersionConflictException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.BeforeSaveCallback;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitAuditing;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.MutableClock;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.auditing.DateTimeProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The write paths of a repository against a real server: create-only insert, create-or-replace save, replace,
 * patch, edit and delete with optimistic locking through {@code @Version}, Spring Data auditing, entity callbacks and
 * the translation of every failure into a {@code DataAccessException} with the toolkit's exception as the cause.
 */
@DynamoDbTest
class RentalWritesIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final KeyValues HONDA = DALLAS.and("vin", "1HGC0001");

    private AnnotationConfigApplicationContext context;
    private RentalRepository rentals;
    private String table;

    @Configuration
    @EnableDynamoDbToolkitAuditing(dateTimeProviderRef = "auditTime")
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class AuditedRentals {

        static final AtomicInteger CONVERTED = new AtomicInteger();

        @Bean
        MutableClock clock() {
            return new MutableClock(Instant.parse("2026-03-01T09:00:00.123456789Z"));
        }

        @Bean
        DateTimeProvider auditTime(MutableClock clock) {
            return () -> Optional.of(clock.instant());
        }

        @Bean
        BeforeSaveCallback<Vehicle> stampSource() {
            return (vehicle, item, table) -> {
                item.put("source", AttributeValue.fromS("repository"));
                return vehicle;
            };
        }

        @Bean
        AfterConvertCallback<RentalRow> countConversions() {
            return (row, item, table) -> {
                CONVERTED.incrementAndGet();
                return row;
            };
        }
    }

    @BeforeEach
    void start(DynamoDbClient client, TestTables tables) {
        table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, AuditedRentals.class, beans -> beans.registerBean("rentalsDeclaration",
                AdapterDeclaration.class, () -> Rentals.declaration(table)));
        rentals = context.getBean(RentalRepository.class);
        rentals.insert(new State("TX", "Texas", null));
        rentals.insert(new Facility("TX", "Dallas", "Dallas", null, null));
    }

    @AfterEach
    void close() {
        context.close();
    }

    @Test
    void insertCreatesVersionOneWithAuditDatesAndRefusesADuplicate() {
        Vehicle inserted = rentals.insert(honda());

        assertThat(inserted.version()).isEqualTo(1L);
        assertThat(inserted.createdAt()).isEqualTo(context.getBean(MutableClock.class).instant())
                .isEqualTo(inserted.modifiedAt());
        assertThatThrownBy(() -> rentals.insert(honda())).isInstanceOf(DuplicateKeyException.class)
                .hasCauseInstanceOf(ItemAlreadyExistsException.class);
    }

    @Test
    void saveReplacesAtTheVersionReadAndKeepsTheCreationDate() {
        Vehicle first = rentals.save(honda());
        context.getBean(MutableClock.class).advance(Duration.ofSeconds(1));
        Vehicle second = rentals.save(first.withMake("Acura"));

        assertThat(second.version()).isEqualTo(2L);
        assertThat(second.make()).isEqualTo("Acura");
        assertThat(second.createdAt()).isEqualTo(first.createdAt());
        assertThat(second.modifiedAt()).isEqualTo(first.modifiedAt().plusSeconds(1));
        assertThatThrownBy(() -> rentals.save(first.withMake("Stale")))
                .isInstanceOf(OptimisticLockingFailureException.class)
                .hasCauseInstanceOf(VersionConflictException.class);
        assertThat(rentals.findById(HONDA)).get().extracting(row -> ((Vehicle) row).make()).isEqualTo("Acura");
    }

    @Test
    void replaceNeedsAnExistingItem() {
        assertThatThrownBy(() -> rentals.replace(honda().withVersion(1L)))
                .isInstanceOf(EmptyResultDataAccessException.class);
        assertThatThrownBy(() -> rentals.replace(honda())).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("version");
    }

    @Test
    void patchUpdatesSomeAttributesNeverCreatesAndChecksTheVersionOfAPartialEntity() {
        Vehicle inserted = rentals.insert(honda());
        Map<String, Object> changes = new HashMap<>();
        changes.put("make", "Acura");
        changes.put("color", Vehicle.Color.BLUE);
        changes.put("features", null);

        Vehicle patched = (Vehicle) rentals.patch(HONDA, changes);

        assertThat(patched.make()).isEqualTo("Acura");
        assertThat(patched.color()).isEqualTo(Vehicle.Color.BLUE);
        assertThat(patched.features()).isNull();
        assertThat(patched.version()).isEqualTo(2L);
        assertThat(patched.dailyRate()).isEqualByComparingTo(inserted.dailyRate());
        assertThatThrownBy(() -> rentals.patch(DALLAS.and("vin", "NOPE"), Map.of("make", "x")))
                .isInstanceOf(EmptyResultDataAccessException.class);
        assertThatThrownBy(() -> rentals.patch(inserted.withMake("Stale")))
                .isInstanceOf(OptimisticLockingFailureException.class);
    }

    @Test
    void anInsertUnderAFacilityThatDoesNotExistIsADataIntegrityViolation() {
        assertThatThrownBy(() -> rentals.insert(Vehicle.of("TX", "Austin", "A1", "Honda", Vehicle.Color.RED, "10")))
                .isInstanceOf(DataIntegrityViolationException.class)
                .hasCauseInstanceOf(ParentNotFoundException.class).hasMessageContaining("TX|Austin");
    }

    @Test
    void aPatchStoresValuesAsTheEntityWouldAndANumberIsNoEnumValue() {
        rentals.insert(honda());

        assertThatThrownBy(() -> rentals.patch(HONDA, Map.of("color", 1)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("cannot be stored as "
                        + "'color', a Color");
        Vehicle patched = (Vehicle) rentals.patch(HONDA, Map.of("color", "RED"));

        assertThat(patched.color()).isEqualTo(Vehicle.Color.RED);
        assertThat(((Vehicle) rentals.findById(HONDA).orElseThrow()).color()).isEqualTo(Vehicle.Color.RED);
    }

    @Test
    void editWritesOnlyWhatChanged(RequestLog log) {
        rentals.insert(honda());
        log.clear();

        Vehicle edited = (Vehicle) rentals.edit(HONDA, row -> ((Vehicle) row).withMake("Acura"));
        assertThat(edited.make()).isEqualTo("Acura");
        assertThat(edited.version()).isEqualTo(2L);
        assertThat(log.calls("UpdateItem")).hasSize(1);

        log.clear();
        rentals.edit(HONDA, row -> row);
        assertThat(log.calls("UpdateItem")).isEmpty();
        assertThatThrownBy(() -> rentals.edit(HONDA, row -> Vehicle.of("TX", "Dallas", "OTHER", "x",
                Vehicle.Color.RED, "1"))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("changes its key");
    }

    @Test
    void deleteIsIdempotentByKeyAndVersionCheckedByEntity() {
        Vehicle inserted = rentals.insert(honda());
        Vehicle current = rentals.save(inserted.withMake("Acura"));

        assertThatThrownBy(() -> rentals.delete(inserted)).isInstanceOf(OptimisticLockingFailureException.class);
        assertThat(rentals.delete(current)).isTrue();
        assertThat(rentals.deleteById(HONDA)).isFalse();
        rentals.saveAll(List.of(honda(), Vehicle.of("TX", "Dallas", "2", "Kia", Vehicle.Color.RED, "30")));
        rentals.deleteAllById(List.of(HONDA, DALLAS.and("vin", "2")));
        assertThat(rentals.findUnder("TX", "Dallas")).isEmpty();
    }

    @Test
    void aSingleDeleteOrMoveOfARowWithRowsUnderItIsRefusedNamingTheCascade() {
        rentals.insert(honda());
        Facility dallas = (Facility) rentals.findById(DALLAS).orElseThrow();

        assertThatThrownBy(() -> rentals.deleteById(DALLAS)).isInstanceOf(DataIntegrityViolationException.class)
                .hasCauseInstanceOf(NodeHasChildrenException.class).hasMessageContaining("deleteAllUnder");
        assertThatThrownBy(() -> rentals.delete(dallas)).isInstanceOf(DataIntegrityViolationException.class);
        assertThatThrownBy(() -> rentals.deleteById(KeyValues.of("state", "TX")))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThat(rentals.findById(DALLAS)).contains(dallas);

        assertThat(rentals.deleteById(HONDA)).isTrue();
        assertThat(rentals.delete(dallas)).as("with nothing under it, the row goes as before").isTrue();
    }

    @Test
    void saveAllOfVersionedEntitiesChecksEachVersionWithOneCallEach(RequestLog log) {
        Vehicle inserted = rentals.insert(honda());
        rentals.save(inserted.withMake("Acura"));
        log.clear();

        assertThatThrownBy(() -> rentals.saveAll(List.of(Vehicle.of("TX", "Dallas", "2", "Kia", Vehicle.Color.RED,
                "30"), inserted.withMake("Stale")))).isInstanceOf(OptimisticLockingFailureException.class);

        assertThat(log.calls("BatchWriteItem")).isEmpty();
        // the new vehicle is a guarded insert (one TransactWriteItems), the stale one a conditional PutItem
        assertThat(log.calls("TransactWriteItems")).hasSize(1);
        assertThat(log.calls("PutItem")).hasSize(1);
        assertThat(rentals.findById(HONDA)).hasValueSatisfying(v -> assertThat(((Vehicle) v).make()).isEqualTo("Acura"));
    }

    @Test
    void callbacksSeeTheAttributesAndEveryRead(DynamoDbClient client) {
        rentals.insert(honda());
        int before = AuditedRentals.CONVERTED.get();

        rentals.findUnder("TX", "Dallas");
        rentals.findById(HONDA);

        assertThat(AuditedRentals.CONVERTED.get() - before).isEqualTo(2);
        Map<String, AttributeValue> stored = client.getItem(GetItemRequest.builder().tableName(table)
                .key(Map.of("state", AttributeValue.fromS("TX"), "_sk", AttributeValue.fromS("TX|Dallas|1HGC0001")))
                .build()).item();
        assertThat(stored).containsEntry("source", AttributeValue.fromS("repository"))
                .containsEntry("kind", AttributeValue.fromS("vehicle")).containsEntry("_version",
                        AttributeValue.fromN("1")).doesNotContainKey("version");
        assertThat(stored.get("createdAt").s()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z");
    }

    @Test
    void aRowWhoseKeyFieldsDoNotMatchItsClassIsRefused() {
        assertThatThrownBy(() -> rentals.insert(new Facility("TX", null, "Nowhere", null, null)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("'state' row");
    }

    private static Vehicle honda() {
        return Vehicle.of("TX", "Dallas", "1HGC0001", "Honda", Vehicle.Color.WHITE, "49.90");
    }
}
