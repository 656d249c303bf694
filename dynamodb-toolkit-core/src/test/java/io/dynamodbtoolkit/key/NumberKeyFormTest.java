package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Number key attributes take the form DynamoDB returns, so that keys built here match keys read back. */
class NumberKeyFormTest {

    private final KeyModel readings = KeyModel.builder()
            .keyFields(KeyField.string("device"), KeyField.number("reading")).build();

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"12.00, 12", "1.2E+1, 12", "1.50, 1.5", "0.000, 0", "-0, 0", "-7.10, -7.1", "007, 7", "1E-3, 0.001"})
    void anyJavaFormBecomesTheCanonicalOne(String given, String canonical) {
        AttributeValue asDecimal = readings.codec().primaryKeyFromKeyValues(KeyValues.of("device", "d", "reading",
                new BigDecimal(given))).get("reading");
        AttributeValue asAttribute = readings.codec().primaryKeyFromKeyValues(KeyValues.of("device", "d", "reading",
                AttributeValue.fromN(given))).get("reading");

        assertThat(asDecimal).isEqualTo(AttributeValue.fromN(canonical));
        assertThat(asAttribute).isEqualTo(AttributeValue.fromN(canonical));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "7", "-7", "12.5", "-0.25", "1234567890123456789012345678901234567.8"})
    void aCanonicalAttributeIsReusedAsItIs(String digits) {
        AttributeValue given = AttributeValue.fromN(digits);

        assertThat(readings.codec().primaryKeyFromKeyValues(KeyValues.of("device", "d", "reading", given))
                .get("reading")).isSameAs(given);
        assertThat(KeyValueCodec.isCanonicalNumber(digits)).isTrue();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"12.00, 12", "1.2E+1, 12", "7, 7"})
    void anItemsKeyIsReadWithoutChangingTheItem(String given, String canonical) {
        Map<String, AttributeValue> item = new HashMap<>(Map.of("device", AttributeValue.fromS("d"),
                "reading", AttributeValue.fromN(given), "value", AttributeValue.fromN("1")));
        Map<String, AttributeValue> before = Map.copyOf(item);

        KeyCodec.ItemKey key = readings.codec().itemKeyFromItem(item);

        assertThat(item).isEqualTo(before);
        assertThat(key.primaryKey()).containsExactly(Map.entry("device", AttributeValue.fromS("d")),
                Map.entry("reading", AttributeValue.fromN(canonical)));
        assertThat(key.depth()).isEqualTo(2);
        assertThat(key.retypedKeyFields()).isEqualTo(given.equals(canonical) ? Map.of()
                : Map.of("reading", AttributeValue.fromN(canonical)));
        assertThat(key.isTyped()).isEqualTo(given.equals(canonical));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", "01", "-01", "1.", ".5", "1.50", "1e3", "1E+3", "-0", "+1", "1.2.3", " 1"})
    void otherFormsAreNotCanonical(String digits) {
        assertThat(KeyValueCodec.isCanonicalNumber(digits)).isFalse();
    }
}
