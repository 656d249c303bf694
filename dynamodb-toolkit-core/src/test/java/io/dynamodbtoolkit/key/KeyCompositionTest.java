package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyCompositionTest {

    private final KeyModel rentals = KeyModel.builder()
            .keyFields("state", "facility", "vin").structuralKey("_sk").technicalPrefix("_")
            .typeLabels("state", "facility", "vehicle").typeField("kind").typeDiscriminator("recordType").build();

    private final KeyModel series = KeyModel.builder()
            .keyFields(KeyField.string("bucket"), KeyField.number("ts", 13), KeyField.binary("hash"))
            .structuralKey("_sk", "#").technicalPrefix("_").build();

    @Test
    void composesTheStructuralKeyOfEachTier() {
        assertThat(rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX"))).isEqualTo(
                Map.of("state", s("TX"), "_sk", s("TX")));
        assertThat(rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "facility", "Dallas"))).isEqualTo(
                Map.of("state", s("TX"), "_sk", s("TX|Dallas")));
        assertThat(rentals.codec().primaryKeyFromKeyValues(KeyValues.of("vin", "1HGC", "state", "TX", "facility", "Dallas")))
                .isEqualTo(Map.of("state", s("TX"), "_sk", s("TX|Dallas|1HGC")));
    }

    @Test
    void padsNumbersAndHexEncodesBinary() {
        Map<String, AttributeValue> key = series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "device-7#x".substring(0, 8),
                "ts", 42L, "hash", new byte[] {0, (byte) 0xff}));

        assertThat(key.get("_sk").s()).isEqualTo("device-7#0000000000042#00ff");
        assertThat(series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", "9")).get("_sk").s())
                .isEqualTo("b#0000000000009");
        assertThat(series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", new BigDecimal("10.000"))).get("_sk").s())
                .isEqualTo("b#0000000000010");
    }

    @Test
    void decomposesKeysBackIntoFieldValues() {
        KeyValues values = series.codec().keyValuesFromPrimaryKey(Map.of("bucket", s("b"),
                "_sk", s("b#0000000000042#00ff")));

        assertThat(values.get("bucket")).isEqualTo(s("b"));
        assertThat(values.get("ts")).isEqualTo(AttributeValue.fromN("42"));
        assertThat(values.get("hash")).isEqualTo(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, -1})));
    }

    @Test
    void derivesTheTypeFromDiscriminatorThenDepth() {
        Map<String, AttributeValue> facility = new HashMap<>(Map.of("state", s("TX"), "facility", s("Dallas")));
        assertThat(rentals.codec().depthFromItem(facility)).isEqualTo(2);
        assertThat(rentals.codec().typeFromItem(facility)).isEqualTo("facility");

        facility.put("recordType", s("depot"));
        assertThat(rentals.codec().typeFromItem(facility)).isEqualTo("depot");

        KeyModel unlabelled = KeyModel.builder().keyFields("a", "b").structuralKey("sk").build();
        assertThat(unlabelled.codec().typeFromItem(Map.of("a", s("x"), "b", s("y")))).isEqualTo("2");
    }

    @Test
    void rejectsAComponentContainingTheSeparator() {
        assertThatThrownBy(() -> rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "facility", "Dal|las")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'facility' value \"Dal|las\" contains the key separator \"|\": it would "
                        + "silently change the key's tiers. Remove the separator from the value or declare a "
                        + "different separator.");
    }

    @Test
    void rejectsNegativeFractionalAndTooWideNumbers() {
        assertThatThrownBy(() -> series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", -1)))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'ts' is negative (-1)");
        assertThatThrownBy(() -> series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", 1.5)))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'ts' is not an integer (1.5)");
        assertThatThrownBy(() -> series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", 12345678901234L)))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'ts' value 12345678901234 has 14 digits, wider than its declared width 13: "
                        + "it would sort wrongly. Declare a larger width.");
        assertThatThrownBy(() -> series.codec().primaryKeyFromKeyValues(KeyValues.of("bucket", "b", "ts", "soon")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'ts' must be a number but was String soon.");
    }

    @Test
    void rejectsAGapNamingTheMissingField() {
        assertThatThrownBy(() -> rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "vin", "1HGC")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key values have a gap: 'facility' is missing but 'vin' is given. Key fields are "
                        + "contiguous from the first ([state, facility, vin]): supply 'facility' or drop the "
                        + "fields after it.");
    }

    @Test
    void rejectsUnknownFieldsEmptyComponentsAndAMissingPartition() {
        assertThatThrownBy(() -> rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "TX", "city", "Austin")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("'city' is not a key field; the key fields are [state, facility, vin].");
        assertThatThrownBy(() -> rentals.codec().primaryKeyFromKeyValues(KeyValues.of("state", "")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'state' is empty");
        assertThatThrownBy(() -> rentals.codec().primaryKeyFromItem(Map.of("facility", s("Dallas"))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The item has no value for the partition key field 'state'.");
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
