package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.shipments.Shipment;
import io.dynamodbtoolkit.springdata.shipments.ShipmentRepository;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mapping.MappingException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Keys given as domain values (an enum, an instant) are converted like entity properties on every key path. */
@DynamoDbTest
class DomainKeyValuesIT {

    private static final Instant LEFT = Instant.parse("2026-07-16T09:12:00Z");
    private static final KeyValues KEY = KeyValues.of("carrier", Shipment.Carrier.POST, "leftAt", LEFT);

    private static AnnotationConfigApplicationContext context;
    private static ShipmentRepository shipments;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = ShipmentRepository.class)
    static class ShipmentsConfiguration {
    }

    @BeforeAll
    static void start(DynamoDbClient client, TestTables tables) {
        String table = tables.create(TableSpec.named("shipments").partitionKey("carrier", ScalarAttributeType.S)
                .sortKey("leftAt", ScalarAttributeType.S));
        context = SpringContexts.start(client, ShipmentsConfiguration.class, beans -> beans.registerBean(
                "shipmentsDeclaration", AdapterDeclaration.class, () -> AdapterDeclaration
                        .builder(ItemMapper.documents()).name("shipments").table(table)
                        .keys(KeyModel.builder().keyFields("carrier", "leftAt").build()).build()));
        shipments = context.getBean(ShipmentRepository.class);
        shipments.insert(new Shipment(Shipment.Carrier.POST, LEFT, 3));
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void findByIdExistsByIdAndFindAllByIdTakeDomainValues() {
        assertThat(shipments.findById(KEY)).contains(new Shipment(Shipment.Carrier.POST, LEFT, 3));
        assertThat(shipments.existsById(KEY)).isTrue();
        assertThat(shipments.findAllById(List.of(KEY))).hasSize(1);
        assertThat(shipments.findUnder(KeyValues.of("carrier", Shipment.Carrier.POST))).hasSize(1);
    }

    @Test
    void aKeyValueTheStoredFormCannotHoldIsABadKeyNotAFailure() {
        KeyValues tooEarly = KeyValues.of("carrier", Shipment.Carrier.POST, "leftAt",
                Instant.parse("-1000000000-01-01T00:00:00Z"));
        KeyValues tooLate = KeyValues.of("carrier", Shipment.Carrier.POST, "leftAt",
                Instant.parse("+10000-01-01T00:00:00Z"));

        for (KeyValues key : List.of(tooEarly, tooLate)) {
            assertThatThrownBy(() -> shipments.findById(key)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                    .hasCauseInstanceOf(InvalidKeyException.class)
                    .hasMessageContaining("outside the years 0000 to 9999");
        }
        assertThatThrownBy(() -> shipments.insert(new Shipment(Shipment.Carrier.POST,
                Instant.parse("+10000-01-01T00:00:00Z"), 1))).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("outside the years 0000 to 9999");
    }

    @Test
    void aStoredNumberIsNoEnumValue() {
        MappingDynamoDbConverter converter = new MappingDynamoDbConverter(new DynamoDbMappingContext());

        assertThatThrownBy(() -> converter.read(Shipment.class, Map.of("carrier", AttributeValue.fromN("1"),
                "leftAt", AttributeValue.fromS(LEFT.toString()), "parcels", AttributeValue.fromN("1"))))
                .isInstanceOf(MappingException.class).hasMessageContaining("Carrier");
    }

    @Test
    void patchAndDeleteTakeDomainValues() {
        KeyValues other = KeyValues.of("carrier", Shipment.Carrier.COURIER, "leftAt", LEFT);
        shipments.insert(new Shipment(Shipment.Carrier.COURIER, LEFT, 1));

        assertThat(shipments.patch(other, Map.of("parcels", 5)).parcels()).isEqualTo(5);
        shipments.deleteById(other);
        assertThat(shipments.findById(other)).isEmpty();
    }
}
