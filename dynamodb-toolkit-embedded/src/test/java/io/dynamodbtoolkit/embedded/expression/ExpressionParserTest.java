package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExpressionParserTest {

    private static final Map<String, AttributeValue> ITEM = Map.of(
            "name", AttributeValue.string("widget"),
            "price", AttributeValue.number(10),
            "tags", new StringSetValue(Set.of("red", "blue")),
            "dims", new MapValue(Map.of("w", AttributeValue.number(3), "parts",
                    new ListValue(List.of(AttributeValue.string("a"), AttributeValue.string("b"))))),
            "flag", AttributeValue.BooleanValue.TRUE);

    private static ParsedCondition condition(String text, Map<String, String> names, Map<String, AttributeValue> values) {
        ExpressionAttributes attributes = new ExpressionAttributes(names, values);
        ParsedCondition condition = ExpressionParser.parseCondition(text, ExpressionKind.CONDITION, attributes);
        attributes.checkAllUsed();
        return condition;
    }

    private static boolean test(String text, Map<String, AttributeValue> values) {
        return condition(text, text.contains("#n") ? Map.of("#n", "name") : null, values).test(ITEM);
    }

    private static Map<String, AttributeValue> v(Object... pairs) {
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            Object value = pairs[i + 1];
            values.put((String) pairs[i], value instanceof Number number
                    ? AttributeValue.number(new BigDecimal(number.toString()))
                    : value instanceof AttributeValue attribute ? attribute : AttributeValue.string((String) value));
        }
        return values;
    }

    @Test
    void comparatorsAndFunctionsEvaluateAsDynamoDbDoes() {
        assertThat(test("#n = :v", v(":v", "widget"))).isTrue();
        assertThat(test("#n <> :v AND price > :p", v(":v", "gadget", ":p", 9))).isTrue();
        assertThat(test("price BETWEEN :lo AND :hi", v(":lo", 10, ":hi", 10))).isTrue();
        assertThat(test("price IN (:a, :b) AND #n = #n", v(":a", 1, ":b", 10))).isTrue();
        assertThat(test("begins_with(#n, :p) AND contains(tags, :t) AND size(tags) = :two",
                v(":p", "wid", ":t", "red", ":two", 2))).isTrue();
        assertThat(test("attribute_exists(dims.w) AND attribute_not_exists(dims.h) AND dims.parts[1] = :b",
                v(":b", "b"))).isTrue();
        assertThat(test("attribute_type(flag, :t) AND #n < :z", v(":t", "BOOL", ":z", "z"))).isTrue();
        assertThat(test("absent <> :v", v(":v", 1))).isTrue();
        assertThat(test("absent < :v OR price < #n", v(":v", 1))).isFalse();
    }

    @Test
    void notBindsTighterThanAndWhichBindsTighterThanOr() {
        assertThat(test("#n = :x OR #n = :w AND price = :bad", v(":x", "x", ":w", "widget", ":bad", 0))).isFalse();
        assertThat(test("(#n = :x OR #n = :w) AND NOT price = :bad", v(":x", "x", ":w", "widget", ":bad", 0)))
                .isTrue();
        assertThat(test("NOT #n = :x AND #n = :x", v(":x", "x"))).isFalse();
    }

    @Test
    void placeholderErrorsNameTheExpressionAndPlaceholder() {
        assertThatThrownBy(() -> condition("a = :absent", null, v(":other", 1)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessage("Invalid ConditionExpression: An expression attribute value used in expression is not"
                        + " defined; attribute value: :absent");
        assertThatThrownBy(() -> condition("#x = :v", Map.of("#y", "y"), v(":v", 1)))
                .hasMessage("Invalid ConditionExpression: An expression attribute name used in the document path is"
                        + " not defined; attribute name: #x");
        assertThatThrownBy(() -> condition("a = :v", Map.of("#unused", "u"), v(":v", 1)))
                .hasMessage("Value provided in ExpressionAttributeNames unused in expressions: keys: {#unused}");
        assertThatThrownBy(() -> condition("a = :v", null, v(":v", 1, ":w", 2)))
                .hasMessage("Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}");
        assertThatThrownBy(() -> new ExpressionAttributes(Map.of(), null))
                .hasMessage("ExpressionAttributeNames must not be empty");
    }

    @Test
    void syntaxAndReservedWordErrorsAreDynamoDbs() {
        assertThatThrownBy(() -> condition("name = :v", null, v(":v", 1)))
                .hasMessage("Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name");
        assertThatThrownBy(() -> condition("a = = :v", null, v(":v", 1)))
                .hasMessage("Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :v\"");
        assertThatThrownBy(() -> condition("a =", null, null))
                .hasMessage("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"");
        assertThatThrownBy(() -> condition("", null, null))
                .hasMessage("Invalid ConditionExpression: The expression can not be empty;");
        assertThatThrownBy(() -> condition("((a = :v))", null, v(":v", 1)))
                .hasMessage("Invalid ConditionExpression: The expression has redundant parentheses;");
        assertThatThrownBy(() -> condition("foo(a)", null, null))
                .hasMessage("Invalid ConditionExpression: Invalid function name; function: foo");
        assertThatThrownBy(() -> condition("size(a, b) = :v", null, v(":v", 1)))
                .hasMessage("Invalid ConditionExpression: Incorrect number of operands for operator or function;"
                        + " operator or function: size, number of operands: 2");
        assertThatThrownBy(() -> condition("a < :v", null, v(":v", AttributeValue.BooleanValue.TRUE)))
                .hasMessage("Invalid ConditionExpression: Incorrect operand type for operator or function; operator or"
                        + " function: <, operand type: BOOL");
        assertThatThrownBy(() -> condition("a BETWEEN :hi AND :lo", null, v(":hi", 5, ":lo", 1)))
                .hasMessageContaining("The BETWEEN operator requires upper bound to be greater than or equal to lower"
                        + " bound");
        assertThatThrownBy(() -> condition("attribute_type(a, :t)", null, v(":t", "STRING")))
                .hasMessageContaining("Invalid attribute type name found; type: STRING");
    }

    private static Map<String, AttributeValue> update(String expression, Map<String, AttributeValue> values,
                                                      Map<String, AttributeValue> item) {
        ExpressionAttributes attributes = new ExpressionAttributes(null, values);
        UpdateExpression update = ExpressionParser.parseUpdate(expression, attributes);
        attributes.checkAllUsed();
        return update.apply(item);
    }

    @Test
    void updateOperandsReadTheItemAsItWasBeforeTheUpdate() {
        Map<String, AttributeValue> result = update("SET a = b, b = a", null,
                Map.of("a", AttributeValue.number(1), "b", AttributeValue.number(2)));

        assertThat(result).containsEntry("a", AttributeValue.number(2)).containsEntry("b", AttributeValue.number(1));
    }

    @Test
    void removeOfSeveralListIndexesUsesTheOriginalIndexes() {
        Map<String, AttributeValue> item = Map.of("l", new ListValue(List.of(AttributeValue.number(0),
                AttributeValue.number(1), AttributeValue.number(2), AttributeValue.number(3))));

        Map<String, AttributeValue> result = update("REMOVE l[1], l[3]", null, item);

        assertThat(result.get("l")).isEqualTo(new ListValue(List.of(AttributeValue.number(0), AttributeValue.number(2))));
    }

    @Test
    void addAndDeleteWorkOnNumbersAndSets() {
        Map<String, AttributeValue> item = Map.of("n", AttributeValue.number(5),
                "s", new NumberSetValue(Set.of(BigDecimal.ONE, BigDecimal.TEN)));

        Map<String, AttributeValue> result = update("ADD n :minus, s :two DELETE t :one", v(":minus", -7,
                ":two", new NumberSetValue(Set.of(new BigDecimal(2))), ":one", new NumberSetValue(Set.of(BigDecimal.ONE))),
                item);
        Map<String, AttributeValue> emptied = update("DELETE s :both", v(":both",
                new NumberSetValue(Set.of(BigDecimal.ONE, BigDecimal.TEN))), item);

        assertThat(result.get("n")).isEqualTo(AttributeValue.number(-2));
        assertThat(result.get("s")).isEqualTo(new NumberSetValue(Set.of(BigDecimal.ONE, BigDecimal.TEN,
                new BigDecimal(2))));
        assertThat(emptied).doesNotContainKey("s");
    }

    @Test
    void updateErrorsAreDynamoDbs() {
        Map<String, AttributeValue> item = Map.of("s", AttributeValue.string("x"));
        assertThatThrownBy(() -> update("SET a = s + :one", v(":one", 1), item))
                .hasMessage("An operand in the update expression has an incorrect data type");
        assertThatThrownBy(() -> update("SET a = absent + :one", v(":one", 1), item))
                .hasMessage("The provided expression refers to an attribute that does not exist in the item");
        assertThatThrownBy(() -> update("SET a = :v, a.b = :v", v(":v", 1), item))
                .hasMessage("Invalid UpdateExpression: Two document paths overlap with each other; must remove or"
                        + " rewrite one of these paths; path one: [a], path two: [a, b]");
        assertThatThrownBy(() -> update("SET a.b = :v, a[1] = :v", v(":v", 1), item))
                .hasMessageContaining("Two document paths conflict with each other");
        assertThatThrownBy(() -> update("SET a = :v SET b = :v", v(":v", 1), item))
                .hasMessage("Invalid UpdateExpression: The \"SET\" section can only be used once in an update"
                        + " expression;");
        assertThatThrownBy(() -> update("SET absent.deep = :v", v(":v", 1), item))
                .hasMessage("The document path provided in the update expression is invalid for update");
        assertThatThrownBy(() -> update("ADD s :v", v(":v", "text"), item))
                .hasMessage("Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD,"
                        + " operand type: STRING");
        assertThatThrownBy(() -> update("SET a = :v + :w", v(":v", 1, ":w", "x"), item))
                .hasMessageContaining("operator or function: +, operand type: S");
    }

    @Test
    void projectionKeepsNestedPathsAndListElementsInIndexOrder() {
        ExpressionAttributes attributes = new ExpressionAttributes(Map.of("#n", "name"), null);
        ParsedProjection projection = ExpressionParser.parseProjection("dims.parts[1], #n, dims.parts[0], absent", attributes);

        Map<String, AttributeValue> projected = projection.apply(ITEM);

        assertThat(projected).containsOnlyKeys("dims", "name");
        assertThat(projected.get("dims")).isEqualTo(new MapValue(Map.of("parts",
                new ListValue(List.of(AttributeValue.string("a"), AttributeValue.string("b"))))));
        assertThatThrownBy(() -> ExpressionParser.parseProjection("a, a.b", ExpressionAttributes.none()))
                .hasMessageContaining("Invalid ProjectionExpression: Two document paths overlap with each other");
    }

    @Test
    void keyConditionsDecomposeIntoTermsAndRejectOtherOperators() {
        ExpressionAttributes attributes = new ExpressionAttributes(null, v(":p", "p", ":lo", 1, ":hi", 2));
        List<KeyTerm> terms = KeyTerm.decompose(ExpressionParser.parseCondition(
                ":p = pk AND sk BETWEEN :lo AND :hi", ExpressionKind.KEY_CONDITION, attributes));

        assertThat(terms).extracting(KeyTerm::attribute).containsExactly("pk", "sk");
        assertThat(terms.get(1).operator()).isEqualTo(KeyTerm.Operator.BETWEEN);
        assertThatThrownBy(() -> KeyTerm.decompose(ExpressionParser.parseCondition("pk = :p AND pk = :p",
                ExpressionKind.KEY_CONDITION, attributes)))
                .hasMessage("Invalid KeyConditionExpression: KeyConditionExpressions must only contain one condition"
                        + " per key");
        assertThatThrownBy(() -> KeyTerm.decompose(ExpressionParser.parseCondition("pk = :p AND attribute_exists(sk)",
                ExpressionKind.KEY_CONDITION, attributes)))
                .hasMessage("Invalid KeyConditionExpression: Invalid operator used in KeyConditionExpression:"
                        + " attribute_exists");
    }
}
