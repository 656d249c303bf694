package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The forms a key value may be given in, and the limits a key value must keep, field type by field type. */
class KeyValueFormsTest {

    private static final KeyField NAME = KeyField.string("name");
    private static final KeyField CODE = KeyField.string("code", 3);
    private static final KeyField AMOUNT = KeyField.number("amount");
    private static final KeyField SEQ = KeyField.number("seq", 4);
    private static final KeyField HASH = KeyField.binary("hash");
    private static final byte[] BYTES = {0, (byte) 0xab, 0x7f};

    @Test
    void anAttributeOfAnotherTypeIsNotTakenAsTheFieldsOwn() {
        assertThatThrownBy(() -> KeyValueCodec.toAttributeValue(NAME, AttributeValue.fromN("5")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'name' must be a string but was AttributeValue " + AttributeValue.fromN("5")
                        + ".");
        assertThatThrownBy(() -> KeyValueCodec.toAttributeValue(HASH, AttributeValue.fromS("ab")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'hash' must be binary (byte[] or SdkBytes)");
        assertThatThrownBy(() -> KeyValueCodec.toAttributeValue(AMOUNT, AttributeValue.fromBool(true)))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'amount' must be a number");
    }

    @Test
    void aNumberMayBeGivenAsAStringAttributeAndIsStoredCanonical() {
        assertThat(KeyValueCodec.toAttributeValue(AMOUNT, AttributeValue.fromS(" 12.50 ")))
                .isEqualTo(AttributeValue.fromN("12.5"));
        assertThat(KeyValueCodec.toAttributeValue(AMOUNT, AttributeValue.fromN("1.2E+1")))
                .isEqualTo(AttributeValue.fromN("12"));
    }

    @Test
    void binaryMayBeGivenInEveryByteForm() {
        AttributeValue expected = AttributeValue.fromB(SdkBytes.fromByteArray(BYTES));

        assertThat(KeyValueCodec.toAttributeValue(HASH, BYTES)).isEqualTo(expected);
        assertThat(KeyValueCodec.toAttributeValue(HASH, SdkBytes.fromByteArray(BYTES))).isEqualTo(expected);
        assertThat(KeyValueCodec.toAttributeValue(HASH, ByteBuffer.wrap(BYTES))).isEqualTo(expected);
        assertThat(KeyValueCodec.toAttributeValue(HASH, expected)).isEqualTo(expected);
        assertThat(KeyValueCodec.toComponent(HASH, expected, "|")).isEqualTo("00ab7f");
        assertThat(KeyValueCodec.toComponent(HASH, ByteBuffer.wrap(BYTES), "|")).isEqualTo("00ab7f");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(HASH, "00ab7f", "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'hash' must be binary (byte[] or SdkBytes) but was String 00ab7f.");
    }

    @Test
    void aStringComponentMayBeGivenAsAStringAttributeOnly() {
        assertThat(KeyValueCodec.toComponent(NAME, AttributeValue.fromS("Dallas"), "|")).isEqualTo("Dallas");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(NAME, AttributeValue.fromN("7"), "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'name' must be a string but was AttributeValue");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(NAME, null, "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Key field 'name' must be a string but was null.");
    }

    @Test
    void aFixedWidthStringComponentHasExactlyItsWidthInCharacters() {
        assertThat(KeyValueCodec.toComponent(CODE, "abc", "|")).isEqualTo("abc");
        assertThat(KeyValueCodec.toComponent(CODE, "\uD835\uDD38bc", "|")).isEqualTo("\uD835\uDD38bc");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(CODE, "ab", "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'code' value \"ab\" has 2 characters, but the field is declared "
                        + "with width 3");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(CODE, "abcd", "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'code' value \"abcd\" has 4 characters");
        assertThat(KeyValueCodec.toComponent(NAME, "any length at all", "|")).isEqualTo("any length at all");
    }

    @Test
    void aNumberComponentFromZeroToItsFullWidthIsPadded() {
        assertThat(KeyValueCodec.toComponent(SEQ, 0, "|")).isEqualTo("0000");
        assertThat(KeyValueCodec.toComponent(SEQ, 9999, "|")).isEqualTo("9999");
        assertThatThrownBy(() -> KeyValueCodec.toComponent(SEQ, 10000, "|"))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key field 'seq' value 10000 has 5 digits, wider than its declared width 4");
    }

    @Test
    void canonicalNumbersAreTheFormsDynamoDbReturns() {
        assertThat(KeyValueCodec.isCanonicalNumber("0")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("0.5")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("-0.5")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("9")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("10")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("109.09")).isTrue();
        assertThat(KeyValueCodec.isCanonicalNumber("/")).isFalse();
        assertThat(KeyValueCodec.isCanonicalNumber(":")).isFalse();
        assertThat(KeyValueCodec.isCanonicalNumber("1.0")).isFalse();
        assertThat(KeyValueCodec.isCanonicalNumber("-0")).isFalse();
    }

    @Test
    void aWidthIsCheckedAgainstTheLimitOfItsType() {
        KeyField.number("n", 1).requireValidWidth("f");
        KeyField.number("n", KeyField.MAX_NUMBER_WIDTH).requireValidWidth("f");
        KeyField.string("s", 1).requireValidWidth("f");
        KeyField.string("s", 500).requireValidWidth("f");
        KeyField.string("s", KeyField.MAX_STRING_WIDTH).requireValidWidth("f");
        assertThatThrownBy(() -> KeyField.string("s", KeyField.MAX_STRING_WIDTH + 1).requireValidWidth("f"))
                .hasMessageContaining("width 1025 of 's' is out of range")
                .hasMessageContaining("use a width from 1 to 1024 characters");
        assertThatThrownBy(() -> KeyField.number("n", 0).requireValidWidth("f"))
                .hasMessageContaining("width 0 of 'n' is out of range");
        assertThat(KeyField.number("n", 3).isFixedWidth()).isTrue();
        assertThat(KeyField.number("n").isFixedWidth()).isFalse();
    }

    @Test
    void aKeyValueWithinDynamoDbsSizeLimitsIsAccepted() {
        KeyModel plain = KeyModel.builder().keyFields("pk", "sk").build();
        String twoByteChar = "\u00e9";

        assertThat(plain.codec().primaryKeyFromKeyValues(KeyValues.of("pk", "a".repeat(2048), "sk", "b".repeat(1024))))
                .hasSize(2);
        assertThat(plain.codec().primaryKeyFromKeyValues(KeyValues.of("pk", twoByteChar.repeat(1024),
                "sk", twoByteChar.repeat(512)))).hasSize(2);
    }

    @Test
    void aKeyValueOverDynamoDbsSizeLimitsIsRefusedNamingTheAttribute() {
        KeyModel plain = KeyModel.builder().keyFields("pk", "sk").build();
        String twoByteChar = "\u00e9";

        assertThatThrownBy(() -> plain.codec().primaryKeyFromKeyValues(KeyValues.of("pk", "a".repeat(2049), "sk", "b")))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The key's partition value 'pk' would be 2049 bytes, over DynamoDB's limit of 2048 bytes; "
                        + "use shorter key values");
        assertThatThrownBy(() -> plain.codec().primaryKeyFromKeyValues(KeyValues.of(
                "pk", twoByteChar.repeat(1024) + "a", "sk", "b"))).hasMessageContaining("would be 2049 bytes");
        assertThatThrownBy(() -> plain.codec().primaryKeyFromKeyValues(KeyValues.of("pk", "a", "sk", "b".repeat(1025))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The key's sort value 'sk' would be 1025 bytes, over DynamoDB's limit of 1024 bytes; "
                        + "use shorter key values");
        assertThatThrownBy(() -> plain.codec().primaryKeyFromKeyValues(KeyValues.of("pk", "a",
                "sk", twoByteChar.repeat(512) + "b"))).hasMessageContaining("would be 1025 bytes");
    }

    @Test
    void binaryKeyValuesAreMeasuredInBytes() {
        KeyModel binary = KeyModel.builder().keyFields(KeyField.binary("pk")).build();

        assertThat(binary.codec().primaryKeyFromKeyValues(KeyValues.of("pk", new byte[2048]))).hasSize(1);
        assertThatThrownBy(() -> binary.codec().primaryKeyFromKeyValues(KeyValues.of("pk", new byte[2049])))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageContaining("'pk' would be 2049 bytes");
    }

    @Test
    void keyValuesAreEqualByTheirFieldValues() {
        KeyValues texas = KeyValues.of("state", "TX", "facility", "Dallas");

        assertThat(texas).isEqualTo(KeyValues.of("state", "TX").and("facility", "Dallas"))
                .hasSameHashCodeAs(KeyValues.of("state", "TX").and("facility", "Dallas"))
                .isNotEqualTo(KeyValues.of("state", "TX"))
                .isNotEqualTo(Map.of("state", "TX", "facility", "Dallas"));
        assertThat(texas).hasToString("{state=TX, facility=Dallas}");
    }
}
