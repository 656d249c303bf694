package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Writes on a plain table (the table's own partition and sort key, nothing managed): the item is written exactly
 * as given and the caller gets its own object back, with no copy and no mapping; anything the toolkit must
 * change (a key in the wrong form, a revive hook) still goes the whole way.
 */
@DynamoDbTest
class PlainItemWritesIT {

    private static final TableSpec TABLE = TableSpec.named("orders").partitionKey("customer", ScalarAttributeType.S)
            .sortKey("number", ScalarAttributeType.N);
    private static final KeyModel KEYS = KeyModel.builder()
            .keyFields(KeyField.string("customer"), KeyField.number("number")).build();

    private DynamoDbClient client;
    private String table;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        this.client = client;
        this.table = tables.create(TABLE);
    }

    private Adapter<Map<String, Object>> orders(Hooks hooks) {
        return Adapter.create(AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS)
                .hooks(hooks).build(), client);
    }

    private Map<String, AttributeValue> stored(Object number) {
        return client.getItem(b -> b.tableName(table).consistentRead(true).key(KEYS.codec().primaryKeyFromKeyValues(
                KeyValues.of("customer", "ann", "number", number)))).item();
    }

    @Test
    void putForceWritesTheItemAsGivenAndReturnsTheCallersObject() {
        Map<String, Object> order = item("customer", "ann", "number", new BigDecimal("7"), "total",
                new BigDecimal("12.5"), "status", "open");

        Map<String, Object> written = orders(Hooks.NONE).putForce(order);

        assertThat(written).isSameAs(order);
        assertThat(stored(7)).containsOnly(Map.entry("customer", AttributeValue.fromS("ann")),
                Map.entry("number", AttributeValue.fromN("7")), Map.entry("total", AttributeValue.fromN("12.5")),
                Map.entry("status", AttributeValue.fromS("open")));
    }

    @Test
    void postStillRefusesAnExistingItem() {
        Adapter<Map<String, Object>> orders = orders(Hooks.NONE);
        Map<String, Object> order = item("customer", "ann", "number", new BigDecimal("8"), "status", "open");
        assertThat(orders.post(order)).isSameAs(order);

        assertThatThrownBy(() -> orders.post(item("customer", "ann", "number", new BigDecimal("8"), "status", "x")))
                .isInstanceOf(ItemAlreadyExistsException.class);
        assertThat(stored(8)).containsEntry("status", AttributeValue.fromS("open"));
    }

    @Test
    void aKeyInAnotherFormIsWrittenInItsTypedFormAndReturnedAsWritten() {
        Map<String, Object> order = item("customer", "ann", "number", "09", "status", "open");

        Map<String, Object> written = orders(Hooks.NONE).putForce(order);

        assertThat(written).isNotSameAs(order).containsEntry("number", new BigDecimal("9"));
        assertThat(order).containsEntry("number", "09");
        assertThat(stored(9)).containsEntry("number", AttributeValue.fromN("9"));
    }

    @Test
    void aReviveHookStillShapesTheReturnedItem() {
        Hooks hooks = Hooks.NONE.withRevive(item -> {
            Map<String, AttributeValue> labelled = new LinkedHashMap<>(item);
            labelled.put("label", AttributeValue.fromS("order " + item.get("number").n()));
            return labelled;
        });
        Map<String, Object> order = item("customer", "ann", "number", new BigDecimal("10"), "status", "open");

        Map<String, Object> written = orders(hooks).putForce(order);

        assertThat(written).isNotSameAs(order).containsEntry("label", "order 10");
        assertThat(stored(10)).doesNotContainKey("label");
    }
}
