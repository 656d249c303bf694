package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AttributePathTest {

    @Test
    void ofTakesTheNameLiterally() {
        AttributePath path = AttributePath.of("a.b[0] #:x é");
        assertThat(path.isTopLevel()).isTrue();
        assertThat(path.topLevelName()).isEqualTo("a.b[0] #:x é");
        assertThat(path.toString()).isEqualTo("`a.b[0] #:x é`");
    }

    @Test
    void parsesDocumentPaths() {
        AttributePath path = AttributePath.parse("a.b[2].c");
        assertThat(path.segments()).containsExactly(new AttributePath.Name("a"), new AttributePath.Name("b"),
                new AttributePath.Index(2), new AttributePath.Name("c"));
        assertThat(path).isEqualTo(AttributePath.of("a").child("b").index(2).child("c"));
        assertThat(path.hashCode()).isEqualTo(AttributePath.of("a").child("b").index(2).child("c").hashCode());
        assertThat(path.topLevelName()).isEqualTo("a");
        assertThat(path.isTopLevel()).isFalse();
        assertThat(path.toString()).isEqualTo("a.b[2].c");
        assertThat(AttributePath.parse("m[0][1]").segments()).hasSize(3);
        assertThat(AttributePath.parse("with space.#h:").segments())
                .containsExactly(new AttributePath.Name("with space"), new AttributePath.Name("#h:"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "a..b|expected an attribute name at position 2",
            ".a|expected an attribute name at position 0",
            "a.|expected an attribute name after '.' at position 2",
            "a[|expected a closing ']' at position 1",
            "a[x]|expected a list index (digits only) at position 2",
            "a[-1]|expected a list index (digits only) at position 2",
            "a[]|expected a list index (digits only) at position 2",
            "[0]|expected an attribute name at position 0",
            "a]b|expected '.' or '[' at position 1",
            "a[0]b|expected '.' or '[' at position 4",
            "a[99999999999]|expected a list index that fits an int at position 2"})
    void rejectsMalformedPaths(String text, String expected) {
        assertThatThrownBy(() -> AttributePath.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Malformed document path \"" + text + "\": " + expected
                        + ". Use AttributePath.of(name) for a name that contains '.', '[' or ']'");
    }

    @Test
    void rejectsEmptyNamesAndNegativeIndexes() {
        assertThatThrownBy(() -> AttributePath.parse("")).hasMessage("A document path cannot be null or empty");
        assertThatThrownBy(() -> AttributePath.of("")).hasMessage("An attribute name cannot be null or empty");
        assertThatThrownBy(() -> AttributePath.of("a").index(-1)).hasMessage("A list index cannot be negative, got -1");
    }

    @Test
    void detectsOverlaps() {
        AttributePath a = AttributePath.of("a");
        AttributePath ab = AttributePath.parse("a.b");
        AttributePath a0 = AttributePath.parse("a[0]");
        assertThat(ab.startsWith(a)).isTrue();
        assertThat(a.startsWith(ab)).isFalse();
        assertThat(a.overlaps(ab)).isTrue();
        assertThat(ab.overlaps(a)).isTrue();
        assertThat(a0.overlaps(a)).isTrue();
        assertThat(ab.overlaps(a0)).isFalse();
        assertThat(AttributePath.of("ab").overlaps(a)).isFalse();
    }
}
