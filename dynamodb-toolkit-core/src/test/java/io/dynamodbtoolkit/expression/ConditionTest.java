package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ConditionTest {

    private final Placeholders placeholders = new Placeholders();

    private String render(Condition condition) {
        return condition.render(placeholders);
    }

    @Test
    void rendersComparatorsAgainstValues() {
        AttributeOperand a = Condition.attribute("a");
        assertThat(render(a.eq("x"))).isEqualTo("#n0 = :v0");
        assertThat(render(a.ne("x"))).isEqualTo("#n0 <> :v0");
        assertThat(render(a.lt(1))).isEqualTo("#n0 < :v1");
        assertThat(render(a.le(1))).isEqualTo("#n0 <= :v1");
        assertThat(render(a.gt(1))).isEqualTo("#n0 > :v1");
        assertThat(render(a.ge(1))).isEqualTo("#n0 >= :v1");
        assertThat(render(a.eq((Object) null))).isEqualTo("#n0 = :v2");
        assertThat(placeholders.values()).containsEntry(":v2", AttributeValue.fromNul(true));
    }

    @Test
    void comparesWithAnotherAttribute() {
        AttributePath other = AttributePath.parse("limits.max");
        assertThat(render(Condition.attribute("a").lt(other))).isEqualTo("#n0 < #n1.#n2");
        assertThat(render(Condition.attribute("a").eq(other))).isEqualTo("#n0 = #n1.#n2");
        assertThat(render(Condition.attribute("a").ne(other))).isEqualTo("#n0 <> #n1.#n2");
        assertThat(render(Condition.attribute("a").le(other))).isEqualTo("#n0 <= #n1.#n2");
        assertThat(render(Condition.attribute("a").gt(other))).isEqualTo("#n0 > #n1.#n2");
        assertThat(render(Condition.attribute("a").ge(other))).isEqualTo("#n0 >= #n1.#n2");
        assertThat(render(Condition.attribute("a").between(AttributePath.of("lo"), AttributePath.of("hi"))))
                .isEqualTo("#n0 BETWEEN #n3 AND #n4");
        assertThat(placeholders.values()).isNull();
    }

    @Test
    void rendersFunctionsAndRanges() {
        AttributeOperand tags = Condition.attribute(AttributePath.parse("meta.tags"));
        assertThat(render(tags.exists())).isEqualTo("attribute_exists(#n0.#n1)");
        assertThat(render(tags.notExists())).isEqualTo("attribute_not_exists(#n0.#n1)");
        assertThat(render(tags.hasType(AttributeType.SS))).isEqualTo("attribute_type(#n0.#n1, :v0)");
        assertThat(placeholders.values()).containsEntry(":v0", AttributeValue.fromS("SS"));
        assertThat(render(tags.contains("red"))).isEqualTo("contains(#n0.#n1, :v1)");
        assertThat(render(tags.beginsWith("re"))).isEqualTo("begins_with(#n0.#n1, :v2)");
        assertThat(render(tags.between(1, 5))).isEqualTo("#n0.#n1 BETWEEN :v3 AND :v4");
        assertThat(render(tags.in("a", "b", 3))).isEqualTo("#n0.#n1 IN (:v5, :v6, :v7)");
        assertThat(render(tags.in(List.of("a")))).isEqualTo("#n0.#n1 IN (:v5)");
    }

    @Test
    void rendersSizeComparisons() {
        assertThat(render(Condition.size("lines").gt(0))).isEqualTo("size(#n0) > :v0");
        assertThat(render(Condition.size(AttributePath.parse("a[1]")).eq(2))).isEqualTo("size(#n1[1]) = :v1");
        assertThat(render(Condition.attribute("lines").size().between(1, 3))).isEqualTo("size(#n0) BETWEEN :v2 AND :v3");
        assertThat(render(Condition.size("lines").in(1, 2))).isEqualTo("size(#n0) IN (:v2, :v1)");
        assertThat(render(Condition.size("lines").le(AttributePath.of("max")))).isEqualTo("size(#n0) <= #n2");
        assertThat(render(Condition.size("lines").ne(4))).isEqualTo("size(#n0) <> :v4");
        assertThat(render(Condition.size("lines").lt(4))).isEqualTo("size(#n0) < :v4");
        assertThat(render(Condition.size("lines").ge(4))).isEqualTo("size(#n0) >= :v4");
    }

    @Test
    void parenthesisesByPrecedence() {
        Condition a = Condition.attribute("a").eq(1);
        Condition b = Condition.attribute("b").eq(2);
        Condition c = Condition.attribute("c").eq(3);
        assertThat(render(a.and(b.or(c)))).isEqualTo("#n0 = :v0 AND (#n1 = :v1 OR #n2 = :v2)");
        assertThat(render(a.or(b.and(c)))).isEqualTo("#n0 = :v0 OR #n1 = :v1 AND #n2 = :v2");
        assertThat(render(a.or(b).and(c))).isEqualTo("(#n0 = :v0 OR #n1 = :v1) AND #n2 = :v2");
        assertThat(render(a.and(b).not())).isEqualTo("NOT (#n0 = :v0 AND #n1 = :v1)");
        assertThat(render(a.not().and(b.or(c).not()))).isEqualTo("NOT (#n0 = :v0) AND NOT (#n1 = :v1 OR #n2 = :v2)");
        assertThat(render(Condition.attribute("a").exists().not())).isEqualTo("NOT attribute_exists(#n0)");
        assertThat(render(a.or(b).or(c.and(a)))).isEqualTo("#n0 = :v0 OR #n1 = :v1 OR #n2 = :v2 AND #n0 = :v0");
    }

    @Test
    void flattensNestedCombinationsAndCancelsDoubleNegation() {
        Condition a = Condition.attribute("a").eq(1);
        Condition b = Condition.attribute("b").eq(2);
        Condition c = Condition.attribute("c").eq(3);
        assertThat(a.and(b).and(c)).isEqualTo(Condition.allOf(a, b, c));
        assertThat(a.or(b.or(c))).isEqualTo(Condition.anyOf(List.of(a, b, c)));
        assertThat(a.not().not()).isEqualTo(a);
        assertThat(Condition.allOf(a)).isSameAs(a);
        assertThat(Condition.anyOf(a)).isSameAs(a);
    }

    @Test
    void neverWritesNamesOrValuesIntoTheExpression() {
        Condition condition = Condition.attribute("we#ird: name.x").eq("it's ) OR #x = :y")
                .and(Condition.attribute(AttributePath.of("ünï").child("a b")).beginsWith("#:"));
        String expression = render(condition);
        assertThat(expression).isEqualTo("#n0 = :v0 AND begins_with(#n1.#n2, :v1)");
        assertThat(placeholders.names()).isEqualTo(Map.of("#n0", "we#ird: name.x", "#n1", "ünï", "#n2", "a b"));
    }

    @Test
    void rejectsOrderingComparisonsOnUnorderedValues() {
        assertThatThrownBy(() -> Condition.attribute("a").lt(true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The operator < compares strings, numbers or binaries only; got a BOOL value "
                        + AttributeValue.fromBool(true));
        assertThatThrownBy(() -> Condition.attribute("a").ge(List.of(1)))
                .hasMessageStartingWith("The operator >= compares strings, numbers or binaries only; got a L value");
        assertThatThrownBy(() -> Condition.attribute("a").between(null, 3))
                .hasMessageStartingWith("The operator BETWEEN compares strings, numbers or binaries only; got a NULL");
    }

    @Test
    void rejectsBadBetweenBounds() {
        assertThatThrownBy(() -> Condition.attribute("a").between(20, 10))
                .hasMessage("BETWEEN needs the low bound first: 20 is greater than 10; swap them");
        assertThatThrownBy(() -> Condition.attribute("a").between("b", "a"))
                .hasMessage("BETWEEN needs the low bound first: \"b\" is greater than \"a\"; swap them");
        assertThatThrownBy(() -> Condition.attribute("a").between(1, "2"))
                .hasMessage("BETWEEN bounds must have the same type, got N and S");
        assertThatThrownBy(() -> Condition.size("a").between(5, 1))
                .hasMessage("BETWEEN needs the low bound first: 5 is greater than 1; swap them");
    }

    @Test
    void rejectsInListsOfWrongSize() {
        assertThatThrownBy(() -> Condition.attribute("a").in(Collections.emptyList()))
                .hasMessage("IN takes 1 to 100 values, got 0");
        List<Integer> many = IntStream.range(0, 101).boxed().toList();
        assertThatThrownBy(() -> Condition.attribute("a").in(many))
                .hasMessage("IN takes 1 to 100 values, got 101; split the values over several conditions joined with OR");
        assertThat(render(Condition.attribute("a").in(many.subList(0, 100)))).startsWith("#n0 IN (:v0, ");
    }

    @Test
    void rejectsBadFunctionArguments() {
        assertThatThrownBy(() -> Condition.attribute("a").beginsWith(5))
                .hasMessage("begins_with takes a string or binary prefix, got a N value 5");
        assertThatThrownBy(() -> Condition.attribute("a").contains(null))
                .hasMessage("contains needs a substring or element to look for, got null");
        assertThatThrownBy(() -> Condition.attribute("a").hasType(null))
                .hasMessage("hasType needs an AttributeType, got null");
        assertThatThrownBy(() -> Condition.attribute((AttributePath) null))
                .hasMessage("A condition needs an attribute path, got null");
        assertThatThrownBy(() -> Condition.size((AttributePath) null))
                .hasMessage("size needs an attribute path, got null");
        assertThatThrownBy(() -> Condition.size("a").eq((Number) null))
                .hasMessage("size(...) compares with a number or an attribute, got null");
    }

    @Test
    void rejectsEmptyCombinations() {
        assertThatThrownBy(() -> Condition.allOf(List.of())).hasMessage("allOf needs at least one condition");
        assertThatThrownBy(() -> Condition.anyOf(List.of())).hasMessage("anyOf needs at least one condition");
        Condition a = Condition.attribute("a").exists();
        assertThatThrownBy(() -> a.and((Condition) null)).hasMessage("allOf got a null condition");
    }
}
