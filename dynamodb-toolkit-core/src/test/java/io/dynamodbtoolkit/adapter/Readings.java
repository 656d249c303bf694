package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Sensor readings on a plain partition + number sort key table: bulk data for batch tests. */
final class Readings {

    static final KeyModel KEYS = KeyModel.builder()
            .keyFields(KeyField.string("device"), KeyField.number("reading"))
            .build();

    static final TableSpec TABLE = TableSpec.named("readings")
            .partitionKey("device", ScalarAttributeType.S)
            .sortKey("reading", ScalarAttributeType.N);

    /** Devices the readings are spread over. */
    static final int DEVICES = 10;

    private Readings() {
    }

    static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS).build();
    }

    static String device(int number) {
        return "device-" + (number % DEVICES);
    }

    /** Reading number {@code number}: device {@code number % 10}, with a value derived from the number. */
    static Map<String, Object> reading(int number) {
        return item("device", device(number), "reading", number, "value", number * 3, "note", "reading " + number);
    }

    static List<Map<String, Object>> readings(int count) {
        return IntStream.range(0, count).mapToObj(Readings::reading).toList();
    }

    static KeyValues key(int number) {
        return KeyValues.of("device", device(number), "reading", number);
    }

    static List<KeyValues> keys(IntStream numbers) {
        return numbers.mapToObj(Readings::key).toList();
    }

    /** @return the reading numbers stored in the table, read with a consistent scan through {@code client} */
    static Set<Integer> storedNumbers(DynamoDbClient client, String table) {
        return client.scanPaginator(b -> b.tableName(table).consistentRead(true)).items().stream()
                .map(Readings::number).collect(Collectors.toSet());
    }

    /** @return the reading number of a stored item or key */
    static int number(Map<String, AttributeValue> itemOrKey) {
        return Integer.parseInt(itemOrKey.get("reading").n());
    }

    /** @return the reading number of a mapped item */
    static int mappedNumber(Map<String, Object> item) {
        return ((BigDecimal) item.get("reading")).intValue();
    }
}
