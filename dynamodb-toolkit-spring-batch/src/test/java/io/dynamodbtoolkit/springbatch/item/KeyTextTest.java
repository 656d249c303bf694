package io.dynamodbtoolkit.springbatch.item;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Keys as plain text for an execution context: exact both ways, readable, refused when not a key. */
class KeyTextTest {

    @Test
    void aKeyOfStringNumberAndBinaryAttributesComesBackExactly() {
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("TX|Dallas & co=1%"),
                "n", AttributeValue.fromN("-12.50"), "b", AttributeValue.fromB(SdkBytes.fromByteArray(
                        new byte[] {0, -1, 61, 38})), "é name", AttributeValue.fromS("𝄞"));

        String text = KeyText.encode(key);

        assertThat(text).startsWith("b=B:").contains("&n=N:-12.50&");
        assertThat(KeyText.decode(text)).isEqualTo(key);
    }

    @Test
    void textThatIsNotAKeyIsRefusedSayingWhy() {
        assertThatThrownBy(() -> KeyText.decode("pk=X:1")).hasMessageContaining("has type 'X'");
        assertThatThrownBy(() -> KeyText.decode("pk=N:twelve")).hasMessageContaining("is no number");
        assertThatThrownBy(() -> KeyText.decode("pk=S:a&pk=S:b")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> KeyText.decode("")).hasMessageContaining("empty");
    }

    @Test
    void stringsCompareAsDynamoDbSortsThemByTheirUtf8Bytes() {
        // U+FF5E sorts before U+1D11E in UTF-8 bytes (EF BD .. < F0 9D ..), after it in Java's UTF-16 order
        assertThat(KeyText.compare("\uFF5E", "𝄞")).isNegative();
        assertThat("\uFF5E".compareTo("𝄞")).isPositive();
    }

    @Test
    void aStringAttributeOfAKeyIsItsValueAndAMissingOneIsNamed() {
        Map<String, AttributeValue> key = Map.of("pk", AttributeValue.fromS("TX"), "n", AttributeValue.fromN("1"));

        assertThat(KeyText.stringAttribute(key, "pk")).isEqualTo("TX");
        assertThatThrownBy(() -> KeyText.stringAttribute(key, "_sk")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no string attribute '_sk'");
        assertThatThrownBy(() -> KeyText.stringAttribute(key, "n")).hasMessageContaining("no string attribute 'n'");
    }
}
