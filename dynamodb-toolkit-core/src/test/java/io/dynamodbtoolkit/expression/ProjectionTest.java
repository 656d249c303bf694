package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProjectionTest {

    @Test
    void rendersParsedPathsWithPlaceholders() {
        Placeholders placeholders = new Placeholders();
        assertThat(Projection.of("a.b[1]", "c").render(placeholders)).isEqualTo("#n0.#n1[1], #n2");
        assertThat(placeholders.names()).isEqualTo(Map.of("#n0", "a", "#n1", "b", "#n2", "c"));
        assertThat(placeholders.values()).isNull();
    }

    @Test
    void keepsPathsFreeOfOverlaps() {
        Projection projection = Projection.of("a.b", "a[0]", "c").with(AttributePath.of("a"));
        assertThat(projection.paths()).containsExactly(AttributePath.of("c"), AttributePath.of("a"));
        assertThat(projection.with("a.x", "c").paths()).containsExactly(AttributePath.of("c"), AttributePath.of("a"));
        assertThat(Projection.of(AttributePath.of("k"), AttributePath.of("k")).paths()).containsExactly(AttributePath.of("k"));
        assertThat(projection.covers(AttributePath.parse("a.z[3]"))).isTrue();
        assertThat(projection.covers(AttributePath.of("d"))).isFalse();
    }

    @Test
    void takesLiteralNamesThroughAttributePaths() {
        Placeholders placeholders = new Placeholders();
        Projection projection = Projection.of(List.of(AttributePath.of("a.b"), AttributePath.of("#x")));
        assertThat(projection.render(placeholders)).isEqualTo("#n0, #n1");
        assertThat(placeholders.names()).isEqualTo(Map.of("#n0", "a.b", "#n1", "#x"));
        assertThat(projection).isEqualTo(Projection.of(AttributePath.of("a.b"), AttributePath.of("#x")));
        assertThat(projection.toString()).isEqualTo("Projection[`a.b`, #x]");
    }

    @Test
    void rejectsEmptyProjections() {
        assertThatThrownBy(() -> Projection.of(List.of()))
                .hasMessage("A projection needs at least one path; to read whole items, send no projection at all");
        assertThatThrownBy(() -> Projection.of((String[]) null)).hasMessageStartingWith("A projection needs at least one path");
        assertThatThrownBy(() -> Projection.of("a").with((AttributePath) null))
                .hasMessage("A projection path cannot be null");
        assertThatThrownBy(() -> Projection.of("a..b")).hasMessageStartingWith("Malformed document path \"a..b\"");
    }
}
