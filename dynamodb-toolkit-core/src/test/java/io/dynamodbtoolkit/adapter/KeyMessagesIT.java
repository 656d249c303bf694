package io.dynamodbtoolkit.adapter;

import static io.dynamodbtoolkit.adapter.Rentals.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Exceptions show keys the way people write them: {@code state="TX", _sk="TX|Dallas"}, not the SDK's toString. */
@DynamoDbTest
class KeyMessagesIT {

    private Adapter<Map<String, Object>> sites;

    @BeforeEach
    void createTable(DynamoDbClient client, TestTables tables) {
        KeyModel versioned = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                .technicalPrefix("_").versionField("_version").build();
        sites = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(Rentals.TABLE)).keys(versioned).build(), client);
    }

    @Test
    void writeFailuresNameTheKeyAsPeopleWriteIt() {
        sites.post(item("state", "TX", "facility", "Dallas", "city", "Dallas"));
        sites.patch(KeyValues.of("state", "TX", "facility", "Dallas"), Map.of("city", "Big D"));

        assertThatThrownBy(() -> sites.post(item("state", "TX", "facility", "Dallas")))
                .hasMessage("An item with key state=\"TX\", _sk=\"TX|Dallas\" already exists in table "
                        + sites.table());
        assertThatThrownBy(() -> sites.patch(KeyValues.of("state", "TX", "facility", "Austin"), Map.of("city", "x")))
                .hasMessage("No item with key state=\"TX\", _sk=\"TX|Austin\" exists in table " + sites.table());
        assertThatThrownBy(() -> sites.put(item("state", "TX", "facility", "Dallas", "_version", 1)))
                .hasMessageStartingWith("Version conflict on state=\"TX\", _sk=\"TX|Dallas\": expected version 1 but "
                        + "found 2")
                .message().doesNotContain("AttributeValue(");
    }

    @Test
    void aRefusedInsertUnderAMissingParentNamesBothKeys(DynamoDbClient client, TestTables tables) {
        KeyModel guarded = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
                .technicalPrefix("_").build();
        Adapter<Map<String, Object>> rentals = Adapter.create(AdapterDeclaration.builder(ItemMapper.documents())
                .table(tables.create(Rentals.TABLE)).keys(guarded).cascades(true).build(), client);

        assertThatThrownBy(() -> rentals.post(item("state", "TX", "facility", "Dallas", "vin", "V1")))
                .isInstanceOf(ParentNotFoundException.class)
                .hasMessageStartingWith("Cannot write state=\"TX\", _sk=\"TX|Dallas|V1\" in table " + rentals.table()
                        + ": its parent row state=\"TX\", _sk=\"TX|Dallas\" does not exist")
                .message().doesNotContain("AttributeValue(");
        assertThatThrownBy(() -> rentals.putAll(List.of(item("state", "TX", "facility", "Dallas", "vin", "V2"))))
                .isInstanceOf(ParentNotFoundException.class)
                .message().contains("The first: Cannot write state=\"TX\", _sk=\"TX|Dallas|V2\"")
                .doesNotContain("AttributeValue(");
    }

    @Test
    void numbersAndBinaryValuesAreShownPlainly() {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put("device", AttributeValue.fromN("42"));
        key.put("tag", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0x1f, 0x2e})));
        key.put("name", AttributeValue.fromS("LOCK|main|I-1"));

        assertThat(AttributeValues.showKey(key)).isEqualTo("device=42, tag=0x1f2e, name=\"LOCK|main|I-1\"");
    }
}
