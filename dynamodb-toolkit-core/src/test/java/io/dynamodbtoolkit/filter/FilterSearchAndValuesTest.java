package io.dynamodbtoolkit.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.InvalidKeyConditionException;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Filters as values, search terms in Scans and Queries, and the checks around promotions and declarations. */
class FilterSearchAndValuesTest {

    private static final IndexKeySchema TABLE = IndexKeySchema.of("table orders",
            List.of(KeyAttribute.of("pk", ScalarAttributeType.S)),
            List.of(KeyAttribute.of("sk", ScalarAttributeType.S)));
    private static final IndexKeySchema MATCHES = IndexKeySchema.of("index matches",
            List.of(KeyAttribute.of("tournament", ScalarAttributeType.S)),
            List.of(KeyAttribute.of("round", ScalarAttributeType.S),
                    KeyAttribute.of("bracket", ScalarAttributeType.S)));
    private static final KeyCondition TX = KeyCondition.partition("pk", "TX");
    private static final Condition STATUS_OPEN = Condition.attribute("status").eq("open");
    private static final Condition SEARCH_DAL = Condition.anyOf(List.of(
            Condition.attribute(AttributePath.of("_nameLower")).contains("dal"),
            Condition.attribute(AttributePath.of("_cityLower")).contains("dal")));

    private static FilterSpec spec() {
        return FilterSpec.of(FieldRule.string("pk"), FieldRule.string("sk"), FieldRule.string("status"),
                FieldRule.string("round"), FieldRule.string("bracket"));
    }

    private static FilterCompiler searching() {
        return FilterCompiler.standard().withSearchAttributes(List.of("_nameLower", "_cityLower"));
    }

    @Test
    void aScanSearchIsAnOrOfContainsAndedWithTheClauses() {
        Filter filter = spec().parse(List.of("eq-status=open")).withSearch("DAL");

        assertThat(searching().compileScan(filter)).contains(Condition.allOf(List.of(STATUS_OPEN, SEARCH_DAL)));
        assertThat(searching().compileScan(Filter.empty().withSearch("Dal"))).contains(Condition.allOf(
                List.of(SEARCH_DAL)));
        assertThat(searching().compileScan(spec().parse(List.of("eq-status=open")))).contains(Condition.allOf(
                List.of(STATUS_OPEN)));
        assertThat(searching().compileScan(Filter.empty())).isEmpty();
    }

    @Test
    void aSearchWithoutSearchableAttributesIsRefused() {
        Filter searching = Filter.empty().withSearch("dal");

        assertThatThrownBy(() -> FilterCompiler.standard().compileScan(searching))
                .isInstanceOf(InvalidFilterException.class)
                .hasMessageStartingWith("Search is not declared here");
        assertThatThrownBy(searching::toCondition).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("A filter with a search term needs the searchable attributes");
    }

    @Test
    void aQuerySearchGoesIntoTheFilterBesideTheClauses() {
        CompiledQuery compiled = searching().compileQuery(spec().parse(List.of("eq-status=open")).withSearch("dal"),
                TX, TABLE);

        assertThat(compiled.keyCondition()).isEqualTo(TX);
        assertThat(compiled.filter()).contains(Condition.allOf(List.of(STATUS_OPEN, SEARCH_DAL)));
    }

    @Test
    void aSortClauseIsAddedAfterTheSortEqualityOfTheBaseCondition() {
        KeyCondition round = KeyCondition.partition("tournament", "W24").eq("round", "R1");

        CompiledQuery compiled = FilterCompiler.standard().compileQuery(spec().parse(List.of("eq-bracket=A")), round,
                MATCHES);

        assertThat(compiled.keyCondition()).isEqualTo(round.eq("bracket", "A"));
    }

    @Test
    void theBaseConditionIsCheckedBeforeAnyClauseIsPlaced() {
        KeyCondition otherPartition = KeyCondition.partition("region", "NA");

        assertThatThrownBy(() -> FilterCompiler.standard().compileQuery(spec().parse(List.of("eq-pk=TX")),
                otherPartition, TABLE)).isInstanceOf(InvalidKeyConditionException.class);
    }

    @Test
    void whatAPromotionReturnsIsCheckedAgainstTheSchema() {
        FilterCompiler careless = FilterCompiler.standard().withPromotion((keyCondition, clauses, schema) ->
                new KeyPromotion.Result(keyCondition.eq("status", "open"), List.of()));

        assertThatThrownBy(() -> careless.compileQuery(spec().parse(List.of("eq-status=open")), TX, TABLE))
                .isInstanceOf(InvalidKeyConditionException.class);
    }

    @Test
    void aFilterIsAValueOfItsClausesAndSearchTerm() {
        Filter open = spec().parse(List.of("eq-status=open"));

        assertThat(Filter.of(List.of())).isSameAs(Filter.empty());
        assertThat(Filter.empty().isEmpty()).isTrue();
        assertThat(open.isEmpty()).isFalse();
        assertThat(Filter.empty().withSearch("x").isEmpty()).isFalse();
        assertThat(open).isEqualTo(spec().parse(List.of("eq-status=open")))
                .hasSameHashCodeAs(spec().parse(List.of("eq-status=open")))
                .isNotEqualTo(open.withSearch("x"))
                .isNotEqualTo(spec().parse(List.of("eq-status=closed")))
                .hasToString("Filter[eq-status=open]");
        assertThat(open.withSearch("Dal")).hasToString("Filter[eq-status=open] search 'dal'");
    }

    @Test
    void aSearchTermIsLowerCasedAndAnEmptyOneMeansNoSearch() {
        Filter open = spec().parse(List.of("eq-status=open"));

        assertThat(open.withSearch("DaL").search()).contains("dal");
        assertThat(open.search()).isEmpty();
        assertThat(open.withSearch("")).isSameAs(open);
        assertThat(open.withSearch(null)).isSameAs(open);
        assertThat(open.withSearch("dal").withSearch("DAL").search()).contains("dal");
        assertThat(open.withSearch("dal").withSearch(null)).isEqualTo(open);
        assertThat(Filter.empty().withSearch("dal").withSearch("")).isSameAs(Filter.empty());
    }

    @Test
    void andKeepsTheSearchTermAndAddsClausesAfterTheOwnOnes() {
        Filter open = spec().parse(List.of("eq-status=open")).withSearch("dal");
        Filter more = open.and(spec().parse(List.of("eq-round=R1")).clauses());

        assertThat(more.search()).contains("dal");
        assertThat(more.clauses()).extracting(FilterClause::toString).containsExactly("eq-status=open", "eq-round=R1");
        assertThat(open.and(List.of())).isSameAs(open);
    }

    @Test
    void fieldRulesAreValuesAndRefuseUnusableNames() {
        assertThat(FieldRule.string("status")).isEqualTo(FieldRule.string("status"))
                .hasSameHashCodeAs(FieldRule.string("status"))
                .isNotEqualTo(FieldRule.number("status"))
                .isNotEqualTo(FieldRule.string("state"))
                .isNotEqualTo(FieldRule.string("status").attribute(AttributePath.of("other")))
                .isNotEqualTo(FieldRule.string("status").allowOnly(FilterOperator.EQ));
        assertThat(FieldRule.string("status").allowOnly(FilterOperator.EQ, FilterOperator.NE))
                .hasToString("FieldRule[status STRING -> status, eq, ne]");
        assertThatThrownBy(() -> FieldRule.of("=status", FieldType.STRING)).isInstanceOf(DeclarationException.class)
                .hasMessageContaining("the field name '=status' contains '='");
        assertThatThrownBy(() -> FieldRule.of("", FieldType.STRING)).hasMessageContaining("the field name is empty");
    }

    @Test
    void eachFieldTypeButBooleanHasItsKeyAttributeType() {
        assertThat(FieldType.STRING.keyType()).isEqualTo(ScalarAttributeType.S);
        assertThat(FieldType.NUMBER.keyType()).isEqualTo(ScalarAttributeType.N);
        assertThat(FieldType.BINARY.keyType()).isEqualTo(ScalarAttributeType.B);
        assertThat(FieldType.BOOLEAN.keyType()).isNull();
    }

    @Test
    void aFieldDeclaredTwiceIsRefused() {
        assertThatThrownBy(() -> FilterSpec.of(FieldRule.string("status"), FieldRule.number("status")))
                .isInstanceOf(DeclarationException.class)
                .hasMessageContaining("the field 'status' is declared twice");
    }

    @Test
    void aClauseTextWithoutAnOperatorIsMalformed() {
        assertThatThrownBy(() -> spec().parse(List.of("=eq-status"))).isInstanceOf(InvalidFilterException.class)
                .hasMessageStartingWith("Malformed filter clause '=eq-status'");
        assertThatThrownBy(() -> spec().parse(List.of("-status=open"))).isInstanceOf(InvalidFilterException.class)
                .hasMessageStartingWith("Malformed filter clause '-status=open'");
    }

    @Test
    void anInListTakesUpToTheMostValuesDynamoDbAllows() {
        String hundred = String.join(",", Collections.nCopies(100, "open"));

        Filter filter = spec().parse(Map.of("in-status", List.of(hundred)));

        assertThat(filter.clauses()).singleElement().extracting(FilterClause::values).asList().hasSize(100);
    }
}
