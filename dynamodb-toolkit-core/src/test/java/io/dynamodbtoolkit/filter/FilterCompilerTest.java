package io.dynamodbtoolkit.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.InvalidKeyConditionException;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.Placeholders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class FilterCompilerTest {

    private static final IndexKeySchema TABLE = IndexKeySchema.of("table orders",
            List.of(KeyAttribute.of("pk", ScalarAttributeType.S)), List.of(KeyAttribute.of("sk", ScalarAttributeType.S)));
    private static final IndexKeySchema MULTI = IndexKeySchema.of("index matches",
            List.of(KeyAttribute.of("tournament", ScalarAttributeType.S), KeyAttribute.of("region", ScalarAttributeType.S)),
            List.of(KeyAttribute.of("round", ScalarAttributeType.S), KeyAttribute.of("bracket", ScalarAttributeType.S),
                    KeyAttribute.of("score", ScalarAttributeType.N)));
    private static final FilterSpec SPEC = FilterSpec.of(FieldRule.string("pk"), FieldRule.string("sk"),
            FieldRule.string("status"), FieldRule.string("tournament"), FieldRule.string("region"),
            FieldRule.string("round"), FieldRule.string("bracket"), FieldRule.number("score"),
            FieldRule.string("facility"), FieldRule.number("skAsNumber").attribute(AttributePath.of("sk")));
    private static final KeyCondition TX = KeyCondition.partition("pk", "TX");
    private static final KeyCondition MATCHES = KeyCondition.partition("tournament", "W24").andPartition("region", "NA");

    private static CompiledQuery compile(KeyCondition base, IndexKeySchema schema, String... clauses) {
        return FilterCompiler.standard().compileQuery(SPEC.parse(List.of(clauses)), base, schema);
    }

    @Test
    void leavesNonKeyClausesInTheFilter() {
        CompiledQuery compiled = compile(TX, TABLE, "eq-status=open");
        assertThat(compiled.keyCondition()).isEqualTo(TX);
        assertThat(compiled.filter()).contains(Condition.attribute("status").eq("open"));
        assertThat(compiled.filterClauses()).extracting(FilterClause::toString).containsExactly("eq-status=open");
        assertThat(compiled.keyClauses()).isEmpty();
    }

    @Test
    void promotesEverySortClauseKindIntoTheKeyCondition() {
        assertThat(compile(TX, TABLE, "eq-sk=a").keyCondition()).isEqualTo(TX.eq("sk", "a"));
        assertThat(compile(TX, TABLE, "lt-sk=a").keyCondition()).isEqualTo(TX.lt("sk", "a"));
        assertThat(compile(TX, TABLE, "le-sk=a").keyCondition()).isEqualTo(TX.le("sk", "a"));
        assertThat(compile(TX, TABLE, "gt-sk=a").keyCondition()).isEqualTo(TX.gt("sk", "a"));
        assertThat(compile(TX, TABLE, "ge-sk=a").keyCondition()).isEqualTo(TX.ge("sk", "a"));
        assertThat(compile(TX, TABLE, "btw-sk=a,b").keyCondition()).isEqualTo(TX.between("sk", "a", "b"));
        CompiledQuery compiled = compile(TX, TABLE, "beg-sk=TX|Dallas|", "eq-status=open");
        assertThat(compiled.keyCondition()).isEqualTo(TX.beginsWith("sk", "TX|Dallas|"));
        assertThat(compiled.keyClauses()).extracting(FilterClause::toString).containsExactly("beg-sk=TX|Dallas|");
        assertThat(compiled.filterClauses()).extracting(FilterClause::toString).containsExactly("eq-status=open");
        QueryRequest request = compiled.toRequest().applyTo(QueryRequest.builder()).build();
        assertThat(request.keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(request.filterExpression()).isEqualTo("#n2 = :v2");
    }

    @Test
    void dropsARedundantPartitionEqualityAndRejectsAnotherPartition() {
        CompiledQuery compiled = compile(TX, TABLE, "eq-pk=TX");
        assertThat(compiled.keyCondition()).isEqualTo(TX);
        assertThat(compiled.filter()).isEmpty();
        assertThat(compiled.keyClauses()).extracting(FilterClause::toString).containsExactly("eq-pk=TX");
        assertThatThrownBy(() -> compile(TX, TABLE, "eq-pk=CA"))
                .isInstanceOfSatisfying(InvalidFilterException.class, e -> {
                    assertThat(e).hasMessage("Filter clause eq-pk=CA cannot be used: 'pk' is the partition attribute of"
                            + " table orders and this query reads the partition \"TX\"; a clause asking for another"
                            + " partition cannot be satisfied. Query that partition instead");
                    assertThat(e.field()).isEqualTo("pk");
                    assertThat(e.operator()).isEqualTo("eq");
                    assertThat(e.value()).isEqualTo("CA");
                });
        assertThatThrownBy(() -> compile(TX, TABLE, "gt-pk=A"))
                .hasMessage("Filter clause gt-pk=A cannot be used: 'pk' is a partition attribute of table orders: a Query"
                        + " selects one partition by equality, so gt cannot apply to it (and key attributes never go into"
                        + " a FilterExpression)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ne-sk=a", "in-sk=a,b", "ct-sk=a", "ex-sk", "nx-sk"})
    void rejectsClausesOnSortAttributesThatCannotBePromoted(String clause) {
        String operator = clause.substring(0, clause.indexOf('-'));
        assertThatThrownBy(() -> compile(TX, TABLE, clause))
                .isInstanceOf(InvalidFilterException.class)
                .hasMessage("Filter clause " + clause + " cannot be used: 'sk' is a sort attribute of table orders; "
                        + operator + " cannot go into a key condition, and key attributes never go into a Query's"
                        + " FilterExpression. Use eq, lt, le, gt, ge, btw or beg on it");
    }

    @Test
    void rejectsASecondConditionOnOneSortAttribute() {
        assertThatThrownBy(() -> compile(TX, TABLE, "gt-sk=a", "lt-sk=c"))
                .hasMessage("Filter clause lt-sk=c cannot be used: 'sk' is a sort attribute of table orders and already"
                        + " has the clause gt-sk=a; a key condition takes one condition per sort attribute (use btw for a"
                        + " range with two bounds)");
        assertThatThrownBy(() -> compile(TX.beginsWith("sk", "TX|"), TABLE, "gt-sk=a"))
                .hasMessage("Filter clause gt-sk=a cannot be used: 'sk' is a sort attribute of table orders that this"
                        + " query already conditions (KeyCondition[pk = \"TX\" AND sk BEGINS_WITH \"TX|\"]); a key"
                        + " condition takes one condition per sort attribute");
    }

    @Test
    void rejectsAFieldWhoseTypeDiffersFromTheKeyAttribute() {
        assertThatThrownBy(() -> compile(TX, TABLE, "gt-skAsNumber=5"))
                .hasMessage("Filter clause gt-skAsNumber=5 cannot be used: 'sk' is a sort attribute of type S in table"
                        + " orders, but the field 'skAsNumber' is declared NUMBER; declare the FieldRule with the key"
                        + " attribute's type");
    }

    @Test
    void promotesMultiAttributeSortClausesInKeyOrder() {
        CompiledQuery compiled = compile(MATCHES, MULTI, "btw-score=1,9", "eq-bracket=UP", "eq-round=SEMI",
                "eq-region=NA");
        assertThat(compiled.keyCondition()).isEqualTo(MATCHES.eq("round", "SEMI").eq("bracket", "UP")
                .between("score", 1, 9));
        assertThat(compiled.filter()).isEmpty();
        assertThat(compiled.keyCondition().render(new Placeholders()))
                .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND #n2 = :v2 AND #n3 = :v3 AND #n4 BETWEEN :v4 AND :v5");
        assertThat(compile(MATCHES, MULTI, "beg-round=SE").keyCondition())
                .isEqualTo(MATCHES.beginsWith("round", "SE"));
    }

    @Test
    void rejectsGapsAndMisplacedRangesInMultiAttributeSortKeys() {
        assertThatThrownBy(() -> compile(MATCHES, MULTI, "eq-round=SEMI", "gt-score=10"))
                .isInstanceOf(InvalidFilterException.class)
                .hasMessage("Filter clause gt-score=10 cannot be used: The sort key of index matches is (round, bracket,"
                        + " score): its attributes are conditioned left to right with no gap, so gt-score=10 needs a"
                        + " clause on 'bracket' too (eq-bracket=...)");
        assertThatThrownBy(() -> compile(MATCHES, MULTI, "beg-round=SE", "eq-bracket=UP"))
                .hasMessage("Filter clause beg-round=SE cannot be used: The sort key of index matches is (round, bracket,"
                        + " score): only the last conditioned attribute may have a range, but 'round' has BEGINS_WITH"
                        + " while 'bracket' after it is conditioned too. Use eq on 'round'");
        assertThatThrownBy(() -> compile(MATCHES.beginsWith("round", "S"), MULTI, "eq-bracket=UP"))
                .hasMessageStartingWith("Filter clause eq-bracket=UP cannot be used: The sort key of index matches is"
                        + " (round, bracket, score): only the last conditioned attribute may have a range, but 'round'"
                        + " has BEGINS_WITH");
    }

    @Test
    void checksTheBaseKeyCondition() {
        assertThatThrownBy(() -> compile(KeyCondition.partition("tournament", "W24"), MULTI, "eq-status=x"))
                .isInstanceOf(InvalidKeyConditionException.class)
                .hasMessageStartingWith("A Query on index matches needs an equality on every partition attribute");
    }

    @Test
    void letsAPromotionFoldStructuralKeyComponentsIntoTheSortCondition() {
        // A stand-in for the key model: the sort attribute "sk" holds "state|facility|...", the partition is the state.
        KeyPromotion facilityPromotion = (keyCondition, clauses, schema) -> {
            List<FilterClause> remaining = new ArrayList<>();
            KeyCondition result = keyCondition;
            for (FilterClause clause : clauses) {
                if (clause.field().equals("facility") && clause.operator() == FilterOperator.EQ) {
                    String state = keyCondition.partitionValue("pk").orElseThrow().s();
                    result = result.withoutSortConditions().beginsWith("sk", state + "|" + clause.value().s() + "|");
                } else {
                    remaining.add(clause);
                }
            }
            return new KeyPromotion.Result(result, remaining);
        };
        FilterCompiler compiler = FilterCompiler.standard().withPromotion(facilityPromotion)
                .withPromotion((keyCondition, clauses, schema) -> KeyPromotion.Result.unchanged(keyCondition, clauses));
        CompiledQuery compiled = compiler.compileQuery(SPEC.parse(List.of("eq-status=open", "eq-facility=Dallas")),
                TX.beginsWith("sk", "TX|"), TABLE);
        assertThat(compiled.keyCondition()).isEqualTo(TX.beginsWith("sk", "TX|Dallas|"));
        assertThat(compiled.keyClauses()).extracting(FilterClause::toString).containsExactly("eq-facility=Dallas");
        assertThat(compiled.filterClauses()).extracting(FilterClause::toString).containsExactly("eq-status=open");
        assertThat(compiled.toString()).isEqualTo(
                "CompiledQuery[KeyCondition[pk = \"TX\" AND sk BEGINS_WITH \"TX|Dallas|\"], filter [eq-status=open]]");
        assertThatThrownBy(() -> compiler.compileQuery(SPEC.parse(List.of("eq-facility=Dallas", "gt-sk=b")),
                TX, TABLE)).hasMessageStartingWith("Filter clause gt-sk=b cannot be used: 'sk' is a sort attribute of"
                + " table orders that this query already conditions");
        assertThatThrownBy(() -> FilterCompiler.standard().withPromotion(null))
                .hasMessage("A KeyPromotion cannot be null");
    }
}
