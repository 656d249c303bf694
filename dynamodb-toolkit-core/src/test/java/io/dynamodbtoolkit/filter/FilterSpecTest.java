package io.dynamodbtoolkit.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.Placeholders;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class FilterSpecTest {

    private static final FilterSpec SPEC = FilterSpec.of(
            FieldRule.string("status").allowOnly(FilterOperator.EQ, FilterOperator.NE, FilterOperator.IN),
            FieldRule.string("name"),
            FieldRule.number("price").attribute(AttributePath.parse("price.amount")),
            FieldRule.bool("active"),
            FieldRule.binary("hash"),
            FieldRule.string("first-name"));

    private static Map<String, List<String>> params(String... keyValues) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.computeIfAbsent(keyValues[i], k -> new java.util.ArrayList<>()).add(keyValues[i + 1]);
        }
        return params;
    }

    private static String render(Filter filter) {
        return filter.toCondition().orElseThrow().render(new Placeholders());
    }

    @Test
    void parsesClausesAndIgnoresOtherParameters() {
        Filter filter = SPEC.parse(params("eq-status", "open", "limit", "10", "sort-by", "name", "btw-price", "10,20",
                "ex-name", "", "offset", "3", "x", "y"));
        assertThat(filter.clauses()).extracting(FilterClause::toString)
                .containsExactly("eq-status=open", "btw-price=10,20", "ex-name");
        FilterClause between = filter.clauses().get(1);
        assertThat(between.values()).containsExactly(AttributeValue.fromN("10"), AttributeValue.fromN("20"));
        assertThat(between.attribute()).isEqualTo(AttributePath.parse("price.amount"));
        assertThat(render(filter)).isEqualTo("#n0 = :v0 AND #n1.#n2 BETWEEN :v1 AND :v2 AND attribute_exists(#n3)");
    }

    @Test
    void coercesValuesByFieldType() {
        byte[] bytes = {(byte) 0xfb, (byte) 0xff, 1};
        Filter filter = SPEC.parse(List.of("gt-price=1e3", "eq-active=TRUE", "eq-hash=" + Base64.getEncoder().encodeToString(bytes),
                "ne-hash=" + Base64.getUrlEncoder().encodeToString(bytes), "eq-name=Smith, John\\"));
        assertThat(filter.clauses()).extracting(FilterClause::value).containsExactly(
                AttributeValue.fromN("1000"), AttributeValue.fromBool(true),
                AttributeValue.fromB(SdkBytes.fromByteArray(bytes)), AttributeValue.fromB(SdkBytes.fromByteArray(bytes)),
                AttributeValue.fromS("Smith, John\\"));
    }

    @Test
    void splitsListsOnUnescapedCommasAndMergesRepeatedParameters() {
        Filter filter = SPEC.parse(params("in-status", "a\\,b,c", "in-status", "d\\\\,", "eq-name", "x", "eq-name", "y"));
        FilterClause in = filter.clauses().get(0);
        assertThat(in.values()).extracting(AttributeValue::s).containsExactly("a,b", "c", "d\\", "");
        assertThat(filter.clauses()).extracting(FilterClause::toString)
                .containsExactly("in-status=a\\,b,c,d\\\\,", "eq-name=x", "eq-name=y");
        Filter between = SPEC.parse(params("btw-price", "1", "btw-price", "2"));
        assertThat(between.clauses().get(0).values()).containsExactly(AttributeValue.fromN("1"), AttributeValue.fromN("2"));
    }

    @Test
    void acceptsFieldNamesWithDashesAndClausesWithoutValues() {
        Filter filter = SPEC.parse(List.of("eq-first-name=Ann", "nx-name"));
        assertThat(filter.clauses()).extracting(FilterClause::field).containsExactly("first-name", "name");
        assertThat(render(filter)).isEqualTo("#n0 = :v0 AND attribute_not_exists(#n1)");
        assertThat(SPEC.parse(Map.of()).isEmpty()).isTrue();
        assertThat(SPEC.parse(Map.of("ex-name", List.of())).clauses()).hasSize(1);
        assertThat(Filter.empty().toCondition()).isEmpty();
    }

    private static void assertRejected(ThrowingCallable call, String message, String field, String operator, String value) {
        assertThatThrownBy(call).isInstanceOfSatisfying(InvalidFilterException.class, e -> {
            assertThat(e).hasMessage(message);
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.operator()).isEqualTo(operator);
            assertThat(e.value()).isEqualTo(value);
        });
    }

    @Test
    void rejectsFieldsAndOperatorsNotAllowlisted() {
        assertRejected(() -> SPEC.parse(params("eq-secret", "x")),
                "Filtering on 'secret' is not allowed; filterable fields: status, name, price, active, hash, first-name",
                "secret", "eq", "x");
        assertRejected(() -> SPEC.parse(params("lt-status", "x")),
                "The operator lt is not allowed on 'status'; allowed: eq, ne, in", "status", "lt", "x");
        assertRejected(() -> SPEC.parse(params("beg-price", "1")),
                "The operator beg is not allowed on 'price'; allowed: eq, ne, lt, le, gt, ge, in, btw, ct, ex, nx",
                "price", "beg", "1");
        assertRejected(() -> FilterSpec.of().parse(params("eq-a", "1")),
                "Filtering on 'a' is not allowed; no field is filterable here", "a", "eq", "1");
    }

    @Test
    void rejectsValuesThatDoNotFitTheType() {
        assertRejected(() -> SPEC.parse(params("gt-price", "cheap")),
                "Bad value for gt-price: 'cheap' is not a number (expected e.g. 42, -1.5 or 1e3) ('price' is NUMBER)",
                "price", "gt", "cheap");
        assertRejected(() -> SPEC.parse(params("eq-active", "yes")),
                "Bad value for eq-active: 'yes' is not a boolean (expected true or false) ('active' is BOOLEAN)",
                "active", "eq", "yes");
        assertRejected(() -> SPEC.parse(params("eq-hash", "%%")),
                "Bad value for eq-hash: '%%' is not base64 (standard or URL-safe alphabet) ('hash' is BINARY)",
                "hash", "eq", "%%");
        assertRejected(() -> SPEC.parse(params("eq-price", "1e200")),
                "Bad value for eq-price: DynamoDB numbers must have a magnitude between 1E-130 and 9.99...E+125, got 1E+200"
                        + " ('price' is NUMBER)", "price", "eq", "1e200");
        assertRejected(() -> SPEC.parse(params("in-price", "1,x")),
                "Bad value for in-price: 'x' is not a number (expected e.g. 42, -1.5 or 1e3) ('price' is NUMBER)",
                "price", "in", "x");
    }

    @Test
    void rejectsMalformedLists() {
        assertRejected(() -> SPEC.parse(params("btw-price", "1,2,3")),
                "btw on 'price' takes exactly two comma-separated bounds, got 3 in '1,2,3' (write e.g. btw-price=10,20;"
                        + " escape a literal comma as \\,)", "price", "btw", "1,2,3");
        assertRejected(() -> SPEC.parse(params("btw-price", "9,1")),
                "Filter clause btw-price=9,1 cannot be used: BETWEEN needs the low bound first: 9 is greater than 1; swap them",
                "price", "btw", "9,1");
        assertRejected(() -> SPEC.parse(params("in-status", "a\\b")),
                "Bad escape in in-status=a\\b at position 1: in a list value write \\, for a literal comma and \\\\ for a"
                        + " literal backslash", "status", "in", "a\\b");
        assertRejected(() -> SPEC.parse(params("in-status", "a\\")),
                "Bad escape in in-status=a\\ at position 1: in a list value write \\, for a literal comma and \\\\ for a"
                        + " literal backslash", "status", "in", "a\\");
        String tooMany = IntStream.range(0, 101).mapToObj(Integer::toString).collect(Collectors.joining(","));
        assertRejected(() -> SPEC.parse(params("in-name", tooMany)), "in on 'name' takes at most 100 values, got 101",
                "name", "in", tooMany);
    }

    @Test
    void rejectsMalformedClauseTexts() {
        assertRejected(() -> SPEC.parse(List.of("status=open")),
                "Malformed filter clause 'status=open': expected <op>-<field>=<value>, e.g. eq-status=open", null, null, null);
        assertRejected(() -> SPEC.parse(List.of("eq-=open")),
                "Malformed filter clause 'eq-=open': expected <op>-<field>=<value>, e.g. eq-status=open", null, null, null);
        assertRejected(() -> SPEC.parse(List.of("like-name=x")),
                "Unknown filter operator 'like' in 'like-name=x'; the operators are eq, ne, lt, le, gt, ge, in, btw, beg,"
                        + " ct, ex, nx", "name", "like", "x");
        assertRejected(() -> SPEC.parse(java.util.Arrays.asList("eq-name=x", null)), "A filter clause cannot be null",
                null, null, null);
    }

    @Test
    void rejectsBadDeclarations() {
        assertThatThrownBy(() -> FieldRule.bool("active").allowOnly(FilterOperator.LT))
                .isInstanceOf(DeclarationException.class)
                .hasMessage("FieldRule[active].operators: the field is BOOLEAN and the operator lt does not apply to"
                        + " BOOLEAN fields. Fix: allow only operators applicable to BOOLEAN: eq, ne, in, ex, nx");
        assertThatThrownBy(() -> FieldRule.string("a").allowOnly())
                .hasMessage("FieldRule[a].operators: no operator is allowed. Fix: allow at least one operator");
        assertThatThrownBy(() -> FieldRule.string("a=b"))
                .hasMessage("FieldRule.field: the field name 'a=b' contains '='. Fix: name the field with a non-empty name"
                        + " without '=' (clauses are written <op>-<field>=<value>)");
        assertThatThrownBy(() -> FieldRule.string("")).hasMessageStartingWith("FieldRule.field: the field name is empty.");
        assertThatThrownBy(() -> FieldRule.of("a", null))
                .hasMessage("FieldRule[a].type: the type is null. Fix: give a FieldType: STRING, NUMBER, BOOLEAN or BINARY");
        assertThatThrownBy(() -> FieldRule.string("a").attribute(null))
                .hasMessage("FieldRule[a].attribute: the attribute path is null. Fix: give the AttributePath the field filters");
        assertThatThrownBy(() -> FilterSpec.of(FieldRule.string("a"), FieldRule.number("a")))
                .isInstanceOf(DeclarationException.class)
                .hasMessage("FilterSpec.fields: the field 'a' is declared twice. Fix: give each field one FieldRule");
        assertThat(SPEC.rule("price")).map(FieldRule::type).contains(FieldType.NUMBER);
        assertThat(SPEC.rule("nope")).isEmpty();
        assertThat(SPEC.rules()).hasSize(6);
        assertThat(FieldRule.string("a").allows(FilterOperator.CT)).isTrue();
        assertThat(FilterOperator.fromToken("btw")).contains(FilterOperator.BTW);
        assertThat(FilterOperator.fromToken("BTW")).isEmpty();
    }

    @Test
    void turnsEveryOperatorIntoItsCondition() {
        Filter filter = SPEC.parse(List.of("eq-name=a", "ne-name=b", "lt-name=c", "le-name=d", "gt-name=e", "ge-name=f",
                "in-name=g,h", "btw-name=i,j", "beg-name=k", "ct-name=l", "ex-name", "nx-first-name"));
        assertThat(render(filter)).isEqualTo("#n0 = :v0 AND #n0 <> :v1 AND #n0 < :v2 AND #n0 <= :v3 AND #n0 > :v4"
                + " AND #n0 >= :v5 AND #n0 IN (:v6, :v7) AND #n0 BETWEEN :v8 AND :v9 AND begins_with(#n0, :v10)"
                + " AND contains(#n0, :v11) AND attribute_exists(#n0) AND attribute_not_exists(#n1)");
    }
}
