package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class PlaceholdersTest {

    @Test
    void mapsEqualNamesToOnePlaceholder() {
        Placeholders placeholders = new Placeholders();
        assertThat(placeholders.name("a.b")).isEqualTo("#n0");
        assertThat(placeholders.name("c")).isEqualTo("#n1");
        assertThat(placeholders.name("a.b")).isEqualTo("#n0");
        assertThat(placeholders.names()).containsExactly(Map.entry("#n0", "a.b"), Map.entry("#n1", "c"));
    }

    @Test
    void rendersPathsWithNamePlaceholdersAndLiteralIndexes() {
        Placeholders placeholders = new Placeholders();
        assertThat(placeholders.path(AttributePath.parse("a.b[2].a"))).isEqualTo("#n0.#n1[2].#n0");
        assertThat(placeholders.names()).containsExactly(Map.entry("#n0", "a"), Map.entry("#n1", "b"));
    }

    @Test
    void sharesPlaceholdersBetweenIdenticalValues() {
        Placeholders placeholders = new Placeholders();
        assertThat(placeholders.value("x")).isEqualTo(":v0");
        assertThat(placeholders.value(AttributeValue.fromS("x"))).isEqualTo(":v0");
        assertThat(placeholders.value(1)).isEqualTo(":v1");
        assertThat(placeholders.value((Object) null)).isEqualTo(":v2");
        assertThat(placeholders.values()).containsExactly(Map.entry(":v0", AttributeValue.fromS("x")),
                Map.entry(":v1", AttributeValue.fromN("1")), Map.entry(":v2", AttributeValue.fromNul(true)));
    }

    @Test
    void returnsNullMapsWhenNothingWasAllocated() {
        Placeholders placeholders = new Placeholders();
        assertThat(placeholders.names()).isNull();
        assertThat(placeholders.values()).isNull();
        placeholders.name("a");
        assertThat(placeholders.values()).isNull();
    }

    @Test
    void returnsSnapshotsThatCannotBeModified() {
        Placeholders placeholders = new Placeholders();
        placeholders.name("a");
        Map<String, String> snapshot = placeholders.names();
        placeholders.name("b");
        assertThat(snapshot).hasSize(1);
        assertThatThrownBy(() -> snapshot.put("#x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void rejectsEmptyNamesAndNullAttributeValues() {
        Placeholders placeholders = new Placeholders();
        assertThatThrownBy(() -> placeholders.name("")).hasMessage("An attribute name cannot be null or empty");
        assertThatThrownBy(() -> placeholders.value((AttributeValue) null))
                .hasMessage("Use AttributeValues.toAttributeValue(null) for a NULL value");
    }
}
