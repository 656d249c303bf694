package io.dynamodbtoolkit.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.mapping.FacilityRecord;
import io.dynamodbtoolkit.adapter.mapping.VehicleBean;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Adapters over the SDK's own table schemas, a mutable bean ({@code TableSchema.fromBean}) and an immutable class
 * ({@code TableSchema.fromImmutableClass}), end to end on a real server: the toolkit's key, type, version and
 * created-at attributes round-trip through the schemas' properties.
 */
@DynamoDbTest
class TableSchemaMappingIT {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind")
            .versionField("_version").createdAtField("_createdAt").build();
    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");

    private DynamoDbClient client;
    private String table;
    private Adapter<VehicleBean> vehicles;
    private Adapter<FacilityRecord> facilities;

    @BeforeEach
    void createAdapters(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(Rentals.TABLE);
        AdapterOptions options = AdapterOptions.defaults().withClock(Clock.fixed(NOW, ZoneOffset.UTC));
        vehicles = Adapter.create(AdapterDeclaration.builder(ItemMapper.of(TableSchema.fromBean(VehicleBean.class)))
                .table(table).keys(KEYS).build(), client, options);
        facilities = vehicles.withMapper(ItemMapper.of(TableSchema.fromImmutableClass(FacilityRecord.class)));
    }

    private Map<String, AttributeValue> stored(KeyValues key) {
        return client.getItem(b -> b.tableName(table).key(KEYS.codec().primaryKeyFromKeyValues(key)).consistentRead(true)).item();
    }

    @Test
    void aBeanIsPostedReadAndListed() {
        VehicleBean honda = VehicleBean.of("TX", "Dallas", "1HGC0001", "Honda", 5);
        honda.setTags(List.of("hybrid", "compact"));

        VehicleBean posted = vehicles.post(honda);
        vehicles.post(VehicleBean.of("TX", "Dallas", "5YJ30003", "Tesla", 5));
        vehicles.post(VehicleBean.of("TX", "Dallasville", "JT0004", "Toyota", 7));

        assertThat(posted.getVersion()).isEqualTo(1);
        assertThat(posted.getCreatedAt()).isEqualTo(NOW.toEpochMilli());
        assertThat(posted.getKind()).isEqualTo("vehicle");
        assertThat(stored(DALLAS.and("vin", "1HGC0001"))).containsEntry("_sk", AttributeValue.fromS("TX|Dallas|1HGC0001"))
                .containsEntry("seats", AttributeValue.fromN("5"));

        VehicleBean read = vehicles.get(DALLAS.and("vin", "1HGC0001")).orElseThrow();
        assertThat(read).usingRecursiveComparison().isEqualTo(posted);
        assertThat(read.getTags()).containsExactly("hybrid", "compact");

        List<VehicleBean> listed = vehicles.list(SubtreeQuery.children(DALLAS), ListOptions.defaults()).items();
        assertThat(listed).extracting(VehicleBean::getVin).containsExactly("1HGC0001", "5YJ30003");
        assertThat(listed).extracting(VehicleBean::getVersion).containsOnly(1L);
    }

    @Test
    void aBeanIsReplacedPatchedEditedAndDeletedWithItsVersion() {
        VehicleBean posted = vehicles.post(VehicleBean.of("TX", "Dallas", "1HGC0001", "Honda", 5));
        KeyValues key = DALLAS.and("vin", "1HGC0001");

        posted.setSeats(4);
        VehicleBean replaced = vehicles.put(posted);
        VehicleBean partial = new VehicleBean();
        partial.setState("TX");
        partial.setFacility("Dallas");
        partial.setVin("1HGC0001");
        partial.setMake("Acura");
        VehicleBean patched = vehicles.patch(partial);
        VehicleBean edited = vehicles.edit(key, vehicle -> {
            vehicle.setTags(List.of("premium"));
            return vehicle;
        }).item();

        assertThat(replaced.getVersion()).isEqualTo(2);
        assertThat(patched.getVersion()).isEqualTo(3);
        assertThat(patched.getSeats()).isEqualTo(4);
        assertThat(patched.getMake()).isEqualTo("Acura");
        assertThat(edited.getVersion()).isEqualTo(4);
        assertThat(edited.getCreatedAt()).isEqualTo(NOW.toEpochMilli());
        assertThatThrownBy(() -> vehicles.put(posted)).isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> vehicles.delete(posted)).isInstanceOf(VersionConflictException.class);
        assertThat(vehicles.delete(edited)).isTrue();
        assertThat(stored(key)).isEmpty();
    }

    @Test
    void anImmutableClassIsPostedReadListedAndReplaced() {
        FacilityRecord posted = facilities.post(FacilityRecord.builder().state("TX").facility("Dallas").city("Dallas")
                .build());
        facilities.post(FacilityRecord.builder().state("TX").facility("Austin").city("Austin").build());

        assertThat(posted.getVersion()).isEqualTo(1);
        assertThat(posted.getKind()).isEqualTo("facility");
        FacilityRecord read = facilities.get(DALLAS).orElseThrow();
        assertThat(read).usingRecursiveComparison().isEqualTo(posted);

        List<FacilityRecord> listed = facilities.list(SubtreeQuery.children(KeyValues.of("state", "TX")),
                ListOptions.defaults()).items();
        assertThat(listed).extracting(FacilityRecord::getFacility).containsExactly("Austin", "Dallas");

        FacilityRecord renamed = facilities.put(read.toBuilder().city("Big D").build());
        assertThat(renamed.getVersion()).isEqualTo(2);
        assertThat(stored(DALLAS)).containsEntry("city", AttributeValue.fromS("Big D"))
                .containsEntry("_version", AttributeValue.fromN("2"));
    }

    @Test
    void beansAndImmutablesShareOneTableAndKeyDesign() {
        facilities.post(FacilityRecord.builder().state("TX").facility("Dallas").city("Dallas").build());
        vehicles.post(VehicleBean.of("TX", "Dallas", "1HGC0001", "Honda", 5));
        vehicles.putAll(List.of(VehicleBean.of("TX", "Dallas", "1HGC0002", "Honda", 5),
                VehicleBean.of("TX", "Dallas", "1HGC0003", "Honda", 5)));

        List<VehicleBean> subtree = vehicles.list(SubtreeQuery.selfAndDescendants(DALLAS), ListOptions.defaults())
                .items();
        List<VehicleBean> many = vehicles.getAll(List.of(DALLAS.and("vin", "1HGC0003"), DALLAS.and("vin", "nope"),
                DALLAS.and("vin", "1HGC0001")), ReadOptions.defaults());

        assertThat(subtree).extracting(VehicleBean::getKind).containsExactly("facility", "vehicle", "vehicle",
                "vehicle");
        assertThat(subtree.get(0).getVin()).isNull();
        assertThat(many).extracting(vehicle -> vehicle == null ? null : vehicle.getVin())
                .containsExactly("1HGC0003", null, "1HGC0001");
    }
}
