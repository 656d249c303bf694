package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AttributeValuesTest {

    private enum Colour { RED }

    @Test
    void convertsScalars() {
        assertThat(AttributeValues.toAttributeValue("x")).isEqualTo(AttributeValue.fromS("x"));
        assertThat(AttributeValues.toAttributeValue(new StringBuilder("sb"))).isEqualTo(AttributeValue.fromS("sb"));
        assertThat(AttributeValues.toAttributeValue('c')).isEqualTo(AttributeValue.fromS("c"));
        assertThat(AttributeValues.toAttributeValue(Colour.RED)).isEqualTo(AttributeValue.fromS("RED"));
        assertThat(AttributeValues.toAttributeValue(true)).isEqualTo(AttributeValue.fromBool(true));
        assertThat(AttributeValues.toAttributeValue(null)).isEqualTo(AttributeValue.fromNul(true));
        AttributeValue passThrough = AttributeValue.fromN("7");
        assertThat(AttributeValues.toAttributeValue(passThrough)).isSameAs(passThrough);
    }

    @Test
    void writesNumbersAsPlainDecimalsWithoutExponents() {
        assertThat(AttributeValues.toAttributeValue(42).n()).isEqualTo("42");
        assertThat(AttributeValues.toAttributeValue(-7L).n()).isEqualTo("-7");
        assertThat(AttributeValues.toAttributeValue((short) 3).n()).isEqualTo("3");
        assertThat(AttributeValues.toAttributeValue((byte) 4).n()).isEqualTo("4");
        assertThat(AttributeValues.toAttributeValue(new AtomicLong(9)).n()).isEqualTo("9");
        assertThat(AttributeValues.toAttributeValue(new BigDecimal("1E+5")).n()).isEqualTo("100000");
        assertThat(AttributeValues.toAttributeValue(new BigDecimal("1.50")).n()).isEqualTo("1.50");
        assertThat(AttributeValues.toAttributeValue(new BigInteger("123456789012345678901234567890")).n())
                .isEqualTo("123456789012345678901234567890");
        assertThat(AttributeValues.toAttributeValue(1.0E-7).n()).isEqualTo("0.00000010");
        assertThat(AttributeValues.toAttributeValue(1.5e20).n()).isEqualTo("150000000000000000000");
        assertThat(AttributeValues.toAttributeValue(0.1f).n()).isEqualTo("0.1");
        assertThat(AttributeValues.toAttributeValue(BigDecimal.ZERO).n()).isEqualTo("0");
    }

    @Test
    void rejectsNumbersDynamoDbCannotStore() {
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("DynamoDB numbers cannot be NaN or infinite, got NaN");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(Float.POSITIVE_INFINITY))
                .hasMessage("DynamoDB numbers cannot be NaN or infinite, got Infinity");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new BigDecimal("1234567890123456789012345678901234567891")))
                .hasMessageContaining("at most 38 significant digits, got 40");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new BigDecimal("1E+126")))
                .hasMessageContaining("magnitude between 1E-130 and 9.99...E+125, got 1E+126");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new BigDecimal("1E-131")))
                .hasMessageContaining("got 1E-131");
        assertThat(AttributeValues.toAttributeValue(new BigDecimal("-1E+125")).n()).startsWith("-1000");
    }

    @Test
    void convertsBinaries() {
        byte[] bytes = {1, 2, 3};
        SdkBytes expected = SdkBytes.fromByteArray(bytes);
        assertThat(AttributeValues.toAttributeValue(bytes).b()).isEqualTo(expected);
        assertThat(AttributeValues.toAttributeValue(expected).b()).isEqualTo(expected);
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {0, 1, 2, 3});
        buffer.position(1);
        assertThat(AttributeValues.toAttributeValue(buffer).b()).isEqualTo(expected);
        assertThat(buffer.position()).as("the caller's buffer is not consumed").isEqualTo(1);
    }

    @Test
    void convertsListsArraysAndMaps() {
        AttributeValue list = AttributeValues.toAttributeValue(Arrays.asList("a", 1, null));
        assertThat(list.l()).containsExactly(AttributeValue.fromS("a"), AttributeValue.fromN("1"),
                AttributeValue.fromNul(true));
        assertThat(AttributeValues.toAttributeValue(new int[] {1, 2}).l())
                .containsExactly(AttributeValue.fromN("1"), AttributeValue.fromN("2"));
        assertThat(AttributeValues.toAttributeValue(new String[] {"x"}).l()).containsExactly(AttributeValue.fromS("x"));
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("k", List.of(true));
        map.put("n", null);
        assertThat(AttributeValues.toAttributeValue(map).m()).containsEntry("k",
                AttributeValue.fromL(List.of(AttributeValue.fromBool(true)))).containsEntry("n", AttributeValue.fromNul(true));
    }

    @Test
    void convertsSets() {
        assertThat(AttributeValues.toAttributeValue(new LinkedHashSet<>(List.of("a", "b"))).ss()).containsExactly("a", "b");
        assertThat(AttributeValues.toAttributeValue(new LinkedHashSet<>(List.of(1, 2.5))).ns()).containsExactly("1", "2.5");
        assertThat(AttributeValues.toAttributeValue(Set.of(SdkBytes.fromUtf8String("x"))).bs())
                .containsExactly(SdkBytes.fromUtf8String("x"));
        assertThat(AttributeValues.toAttributeValue(Set.of(Colour.RED)).ss()).containsExactly("RED");
    }

    @Test
    void rejectsSetsDynamoDbRejects() {
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(Set.of()))
                .hasMessage("DynamoDB rejects empty sets: omit the attribute (or REMOVE it) instead of writing an empty set");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new LinkedHashSet<>(List.of("a", 1))))
                .hasMessageContaining("this string set also holds a java.lang.Integer");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new LinkedHashSet<>(List.of(1, new BigDecimal("1.0")))))
                .hasMessageContaining("holds the same number twice (1 and 1.0)");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new LinkedHashSet<>(List.of(new byte[] {1}, new byte[] {1}))))
                .hasMessageContaining("binary set holds the same bytes twice");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(new LinkedHashSet<>(Arrays.asList("a", null))))
                .hasMessage("DynamoDB sets cannot hold null: remove the null element");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(Set.of(true)))
                .hasMessageContaining("Cannot convert a Set of a java.lang.Boolean to a DynamoDB set");
    }

    @Test
    void rejectsUnknownTypesNamingThem() {
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(Instant.EPOCH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Cannot convert a value of type java.time.Instant to a DynamoDB attribute value");
        Map<Object, Object> badKeys = new HashMap<>();
        badKeys.put(1, "x");
        assertThatThrownBy(() -> AttributeValues.toAttributeValue(badKeys))
                .hasMessage("DynamoDB maps have String keys; this map has the key 1 (a java.lang.Integer)");
    }

    @Test
    void convertsBackToJava() {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("s", "x");
        source.put("n", 12);
        source.put("bool", false);
        source.put("nul", null);
        source.put("list", new ArrayList<>(List.of("a", 1)));
        source.put("ss", new LinkedHashSet<>(List.of("p", "q")));
        source.put("ns", new LinkedHashSet<>(List.of(1, 2)));
        source.put("b", new byte[] {5});
        source.put("bs", Set.of(SdkBytes.fromByteArray(new byte[] {6})));
        @SuppressWarnings("unchecked")
        Map<String, Object> back = (Map<String, Object>) AttributeValues.toJava(AttributeValues.toAttributeValue(source));
        assertThat(back).isInstanceOf(LinkedHashMap.class);
        assertThat(back).containsEntry("s", "x")
                .containsEntry("n", new BigDecimal("12"))
                .containsEntry("bool", false)
                .containsEntry("nul", null)
                .containsEntry("list", List.of("a", new BigDecimal("1")))
                .containsEntry("ss", new LinkedHashSet<>(List.of("p", "q")))
                .containsEntry("ns", new LinkedHashSet<>(List.of(new BigDecimal("1"), new BigDecimal("2"))))
                .containsEntry("b", SdkBytes.fromByteArray(new byte[] {5}))
                .containsEntry("bs", Set.of(SdkBytes.fromByteArray(new byte[] {6})));
        assertThat(back.keySet()).containsExactly("s", "n", "bool", "nul", "list", "ss", "ns", "b", "bs");
    }

    @Test
    void comparesNumbersNumerically() {
        assertThat(AttributeValues.sameValue(AttributeValue.fromN("1.0"), AttributeValue.fromN("1"))).isTrue();
        assertThat(AttributeValues.sameValue(AttributeValue.fromS("1"), AttributeValue.fromN("1"))).isFalse();
        assertThat(AttributeValues.typeCode(AttributeValue.fromNul(true))).isEqualTo("NULL");
        assertThat(AttributeValues.compareScalars(AttributeValue.fromS("Z"), AttributeValue.fromS("a"))).isNegative();
        assertThat(AttributeValues.compareScalars(AttributeValue.fromS("\u00e9"), AttributeValue.fromS("z"))).isPositive();
        assertThat(AttributeValues.compareScalars(AttributeValue.fromN("10"), AttributeValue.fromN("9"))).isPositive();
        assertThat(AttributeValues.compareScalars(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) 0x80})),
                AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1})))).isPositive();
    }
}
