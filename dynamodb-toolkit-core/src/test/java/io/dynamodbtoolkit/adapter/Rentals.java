package io.dynamodbtoolkit.adapter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The recipe's car-rental hierarchy: state > facility > vehicle, with the Dallas / Dallasville sibling trap. */
final class Rentals {

    static final KeyModel KEYS = KeyModel.builder()
            .keyFields("state", "facility", "vin")
            .structuralKey("_sk")
            .technicalPrefix("_")
            .typeLabels("state", "facility", "vehicle")
            .typeField("kind")
            .build();

    static final TableSpec TABLE = TableSpec.named("rentals")
            .partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private Rentals() {
    }

    static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS).build();
    }

    /** TX with Dallas (3 vehicles), Dallasville (2), Austin (1); OK with Tulsa (1). */
    static List<Map<String, Object>> items() {
        return List.of(
                item("state", "TX", "name", "Texas"),
                item("state", "TX", "facility", "Dallas", "city", "Dallas"),
                item("state", "TX", "facility", "Dallas", "vin", "1HGC0001", "make", "Honda"),
                item("state", "TX", "facility", "Dallas", "vin", "1HGC0002", "make", "Honda"),
                item("state", "TX", "facility", "Dallas", "vin", "5YJ30003", "make", "Tesla"),
                item("state", "TX", "facility", "Dallasville", "city", "Dallasville"),
                item("state", "TX", "facility", "Dallasville", "vin", "JT0004", "make", "Toyota"),
                item("state", "TX", "facility", "Dallasville", "vin", "JT0005", "make", "Toyota"),
                item("state", "TX", "facility", "Austin", "city", "Austin"),
                item("state", "TX", "facility", "Austin", "vin", "WBA0006", "make", "BMW"),
                item("state", "OK", "name", "Oklahoma"),
                item("state", "OK", "facility", "Tulsa", "city", "Tulsa"),
                item("state", "OK", "facility", "Tulsa", "vin", "1FT0007", "make", "Ford"));
    }

    static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
