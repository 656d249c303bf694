package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Keys read from items and primary keys, subtree plans at the edges of a model, and the time helpers of keys. */
class KeyCodecItemsTest {

    private static final KeyModel RENTALS = KeyModel.builder()
            .keyFields("state", "facility", "vin").structuralKey("_sk").technicalPrefix("_")
            .typeLabels("state", "facility", "vehicle").typeField("_kind").typeDiscriminator("recordType")
            .versionField("_version").createdAtField("_createdAt").build();
    private static final KeyModel PLAIN = KeyModel.builder().keyFields("pk", "sk").build();
    private static final KeyModel SERIES = KeyModel.builder()
            .keyFields(KeyField.string("bucket"), KeyField.number("ts", 13)).structuralKey("_sk", "#").build();

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    @Test
    void theStoredPrimaryKeyIsCopiedFromTheItemAsItIs() {
        Map<String, AttributeValue> entry = Map.of("state", s("TX"), "_sk", s("TX|Dallas"), "other", s("x"));

        assertThat(RENTALS.codec().storedPrimaryKeyFromItem(entry)).containsExactly(
                Map.entry("state", s("TX")), Map.entry("_sk", s("TX|Dallas")));
        assertThatThrownBy(() -> RENTALS.codec().storedPrimaryKeyFromItem(Map.of("state", s("TX"))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The item has no key attribute '_sk'.");
    }

    @Test
    void thePrimaryKeyOfAnItemIsComputedFromItsKeyFields() {
        assertThat(RENTALS.codec().primaryKeyFromItem(Map.of("state", s("TX"), "facility", s("Dallas"))))
                .isEqualTo(Map.of("state", s("TX"), "_sk", s("TX|Dallas")));
    }

    @Test
    void keyAttributesAreTheNativeFormOfEveryKeyValueInKeyOrder() {
        assertThat(SERIES.codec().keyAttributesFromKeyValues(KeyValues.of("ts", "42.0", "bucket", "b")))
                .containsExactly(Map.entry("bucket", s("b")), Map.entry("ts", AttributeValue.fromN("42")));
    }

    @Test
    void aPlainPrimaryKeyIsReadBackFieldByField() {
        assertThat(PLAIN.codec().keyValuesFromPrimaryKey(Map.of("pk", s("a"), "sk", s("b"))))
                .isEqualTo(KeyValues.of("pk", s("a"), "sk", s("b")));
        assertThatThrownBy(() -> PLAIN.codec().keyValuesFromPrimaryKey(Map.of("pk", s("a"))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The key has no value for 'sk'.");
        assertThatThrownBy(() -> RENTALS.codec().keyValuesFromPrimaryKey(Map.of("state", s("TX"))))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("The key has no string '_sk'.");
    }

    @Test
    void aNullKeyFieldEndsTheItemsDepth() {
        KeyCodec.ItemKey key = RENTALS.codec().itemKeyFromItem(Map.of("state", s("TX"),
                "facility", AttributeValue.fromNul(true)));

        assertThat(key.depth()).isEqualTo(1);
        assertThat(key.primaryKey()).isEqualTo(Map.of("state", s("TX"), "_sk", s("TX")));
        assertThatThrownBy(() -> RENTALS.codec().itemKeyFromItem(Map.of("state", s("TX"),
                "facility", AttributeValue.fromNul(true), "vin", s("1H")))).isInstanceOf(InvalidKeyException.class);
    }

    @Test
    void theTypeOfAKnownDepthIsTheDiscriminatorElseTheLabel() {
        assertThat(RENTALS.codec().typeFromItem(Map.of("state", s("TX")), 2)).isEqualTo("facility");
        assertThat(RENTALS.codec().typeFromItem(Map.of("recordType", s("depot")), 2)).isEqualTo("depot");
    }

    @Test
    void theModelReportsItsManagedFields() {
        assertThat(RENTALS.technicalPrefix()).contains("_");
        assertThat(RENTALS.typeField()).contains("_kind");
        assertThat(RENTALS.versionField()).contains("_version");
        assertThat(RENTALS.createdAtField()).contains("_createdAt");
        assertThat(PLAIN.versionField()).isEmpty();
    }

    @Test
    void declaringKeyFieldsAgainReplacesTheEarlierOnes() {
        KeyModel model = KeyModel.builder().keyFields("a", "b").keyFields("x").build();

        assertThat(model.keyFields()).extracting(KeyField::name).containsExactly("x");
    }

    @Test
    void rowsUnderAFullPlainKeyAreRefusedNamingItsLastField() {
        assertThatThrownBy(() -> SubtreeQuery.children(KeyValues.of("pk", "a", "sk", "b")).plan(PLAIN))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Rows under a full key are asked for, but key " + PLAIN
                        + " has no tiers below 'sk'");
    }

    @Test
    void aPartialPrefixAfterTheLastKeyFieldIsRefused() {
        SubtreeQuery partial = SubtreeQuery.partial(KeyValues.of("state", "TX", "facility", "Dallas", "vin", "1H"),
                "x");

        assertThatThrownBy(() -> partial.plan(RENTALS)).isInstanceOf(InvalidKeyException.class)
                .hasMessage("A partial prefix needs a tier after 'vin', but it is the last key field.");
        assertThat(partial.partialPrefix()).isEqualTo("x");
        assertThat(partial).hasToString("PARTIAL {state=TX, facility=Dallas, vin=1H} partial=x");
        assertThat(SubtreeQuery.children(KeyValues.of("state", "TX"))).hasToString("CHILDREN {state=TX}");
    }

    @Test
    void reverseTimestampsCountDownFromTheLargestThirteenDigitNumber() {
        assertThat(Timestamps.reverse(0)).isEqualTo("9999999999999");
        assertThat(Timestamps.reverse(Timestamps.REVERSE_BASE)).isEqualTo("0000000000000");
        assertThat(Timestamps.reverse(9_999_999_999_000L)).isEqualTo("0000000000999");
        assertThat(Timestamps.reverse(1_700_000_000_001L)).isLessThan(Timestamps.reverse(1_700_000_000_000L));
        assertThat(Timestamps.fromReverse(Timestamps.reverse(1_700_000_000_123L)))
                .isEqualTo(Instant.ofEpochMilli(1_700_000_000_123L));
        assertThatThrownBy(() -> Timestamps.reverse(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageEndingWith("but got -1");
        assertThatThrownBy(() -> Timestamps.reverse(Timestamps.REVERSE_BASE + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void monthlyBucketsCoverEveryMonthOfTheWindowInUtc() {
        Instant december = Instant.parse("2025-12-31T23:30:00Z");
        Instant february = Instant.parse("2026-02-01T00:00:00Z");

        assertThat(Timestamps.monthlyBucket("device-7", december)).isEqualTo("device-7#2025-12");
        assertThat(Timestamps.monthlyBuckets("device-7", december, february))
                .containsExactly("device-7#2025-12", "device-7#2026-01", "device-7#2026-02");
        assertThat(Timestamps.monthlyBuckets("d", february, february)).containsExactly("d#2026-02");
        assertThatThrownBy(() -> Timestamps.monthlyBuckets("d", february, december))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The window ends (" + december + ") before it starts (" + february + ")");
    }
}
