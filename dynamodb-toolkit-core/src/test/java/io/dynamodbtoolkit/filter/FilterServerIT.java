package io.dynamodbtoolkit.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.TestItems;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** The filter grammar end to end on a real server: parse query parameters, compile, query or scan. */
@DynamoDbTest
class FilterServerIT {

    private static final FilterSpec SPEC = FilterSpec.of(FieldRule.string("pk"), FieldRule.string("sk"),
            FieldRule.string("status"), FieldRule.number("price"), FieldRule.bool("active"),
            FieldRule.string("facility").allowOnly(FilterOperator.EQ), FieldRule.string("round"),
            FieldRule.string("bracket"), FieldRule.number("score"));
    private static final IndexKeySchema TABLE = IndexKeySchema.of("table vehicles",
            List.of(KeyAttribute.of("pk", ScalarAttributeType.S)), List.of(KeyAttribute.of("sk", ScalarAttributeType.S)));
    private static final IndexKeySchema BY_ROUND = IndexKeySchema.of("index byRound",
            List.of(KeyAttribute.of("pk", ScalarAttributeType.S)),
            List.of(KeyAttribute.of("round", ScalarAttributeType.S), KeyAttribute.of("bracket", ScalarAttributeType.S),
                    KeyAttribute.of("score", ScalarAttributeType.N)));
    private static final KeyCondition TX = KeyCondition.partition("pk", "TX");

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition definition(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    private static String seed(DynamoDbClient client, TestTables tables) {
        String table = tables.create("filters", b -> b.keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("sk", ScalarAttributeType.S),
                        definition("round", ScalarAttributeType.S), definition("bracket", ScalarAttributeType.S),
                        definition("score", ScalarAttributeType.N))
                .globalSecondaryIndexes(g -> g.indexName("byRound")
                        .keySchema(key("pk", KeyType.HASH), key("round", KeyType.RANGE), key("bracket", KeyType.RANGE),
                                key("score", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        Object[][] rows = {
            {"TX", "TX|Austin|1", "open", 10, true, "SEMI", "UPPER", 7},
            {"TX", "TX|Dallas|1", "open", 25, false, "SEMI", "UPPER", 12},
            {"TX", "TX|Dallas|2", "on,hold", 40, true, "SEMI", "LOWER", 9},
            {"TX", "TX|Dallas|3", "closed", 55, true, "FINAL", "UPPER", 20},
            {"TX", "TX|Dallasville|1", "open", 70, false, "SEMI", "UPPER", 3},
            {"CA", "CA|LA|1", "open", 10, true, "SEMI", "UPPER", 7},
        };
        for (Object[] row : rows) {
            TestItems.put(client, table, "pk", row[0], "sk", row[1], "status", row[2], "price", row[3], "active", row[4],
                    "round", row[5], "bracket", row[6], "score", row[7]);
        }
        return table;
    }

    private static Map<String, List<String>> params(String... keyValues) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.computeIfAbsent(keyValues[i], k -> new ArrayList<>()).add(keyValues[i + 1]);
        }
        return params;
    }

    private static List<String> query(DynamoDbClient client, String table, String index, CompiledQuery compiled) {
        QueryResponse response = client.query(compiled.toRequest()
                .applyTo(QueryRequest.builder().tableName(table).indexName(index)).build());
        return response.items().stream().map(item -> item.get("sk").s()).toList();
    }

    @Test
    void promotesSortKeyClausesSoNothingIsReadInVain(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = seed(client, tables);
        FilterCompiler compiler = FilterCompiler.standard();
        CompiledQuery prefix = compiler.compileQuery(SPEC.parse(params("beg-sk", "TX|Dallas|", "limit", "10")), TX, TABLE);
        assertThat(prefix.filter()).isEmpty();
        assertThat(query(client, table, null, prefix)).containsExactly("TX|Dallas|1", "TX|Dallas|2", "TX|Dallas|3");
        CompiledQuery range = compiler.compileQuery(SPEC.parse(params("eq-pk", "TX", "btw-sk", "TX|Austin,TX|Dallas|2")),
                TX, TABLE);
        assertThat(query(client, table, null, range))
                .containsExactly("TX|Austin|1", "TX|Dallasville|1", "TX|Dallas|1", "TX|Dallas|2");
        CompiledQuery below = compiler.compileQuery(SPEC.parse(params("lt-sk", "TX|B")), TX, TABLE);
        assertThat(query(client, table, null, below)).containsExactly("TX|Austin|1");
        log.assertNoReadAmplification();
    }

    @Test
    void filtersTheRestWithTypedValues(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = seed(client, tables);
        CompiledQuery compiled = FilterCompiler.standard().compileQuery(SPEC.parse(params("beg-sk", "TX|Dallas",
                "in-status", "open,on\\,hold", "ge-price", "25", "eq-active", "true")), TX, TABLE);
        assertThat(compiled.keyCondition()).isEqualTo(TX.beginsWith("sk", "TX|Dallas"));
        assertThat(compiled.filterClauses()).hasSize(3);
        assertThat(query(client, table, null, compiled)).containsExactly("TX|Dallas|2");
        assertThatThrownBy(log::assertNoReadAmplification).as("a FilterExpression reads the items it drops")
                .isInstanceOf(AssertionError.class);
        CompiledQuery missing = FilterCompiler.standard().compileQuery(SPEC.parse(List.of("nx-status", "ex-price")),
                TX, TABLE);
        assertThat(query(client, table, null, missing)).isEmpty();
    }

    @Test
    void promotesMultiAttributeSortClausesOnAnIndex(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = seed(client, tables);
        CompiledQuery compiled = FilterCompiler.standard().compileQuery(SPEC.parse(params("ge-score", "7",
                "eq-bracket", "UPPER", "eq-round", "SEMI")), TX, BY_ROUND);
        assertThat(compiled.filter()).isEmpty();
        assertThat(query(client, table, "byRound", compiled)).containsExactly("TX|Austin|1", "TX|Dallas|1");
        CompiledQuery prefix = FilterCompiler.standard().compileQuery(SPEC.parse(params("eq-round", "SEMI",
                "beg-bracket", "LOW")), TX, BY_ROUND);
        assertThat(query(client, table, "byRound", prefix)).containsExactly("TX|Dallas|2");
        log.assertNoReadAmplification();
    }

    @Test
    void foldsStructuralKeyComponentsThroughAPromotion(DynamoDbClient client, TestTables tables, RequestLog log) {
        String table = seed(client, tables);
        KeyPromotion facility = (keyCondition, clauses, schema) -> {
            List<FilterClause> remaining = new ArrayList<>();
            KeyCondition result = keyCondition;
            for (FilterClause clause : clauses) {
                if (clause.field().equals("facility")) {
                    String state = keyCondition.partitionValue("pk").orElseThrow().s();
                    result = result.withoutSortConditions().beginsWith("sk", state + "|" + clause.value().s() + "|");
                } else {
                    remaining.add(clause);
                }
            }
            return new KeyPromotion.Result(result, remaining);
        };
        CompiledQuery compiled = FilterCompiler.standard().withPromotion(facility)
                .compileQuery(SPEC.parse(params("eq-facility", "Dallas")), TX.beginsWith("sk", "TX|"), TABLE);
        assertThat(query(client, table, null, compiled)).containsExactly("TX|Dallas|1", "TX|Dallas|2", "TX|Dallas|3");
        log.assertNoReadAmplification();
    }

    @Test
    void filtersEverythingOnAScan(DynamoDbClient client, TestTables tables) {
        String table = seed(client, tables);
        Filter filter = SPEC.parse(params("beg-sk", "TX|Dallas", "lt-price", "50", "ne-status", "closed"));
        ScanRequest scan = ExpressionRequest.create().filter(filter.toCondition().orElseThrow())
                .applyTo(ScanRequest.builder().tableName(table)).build();
        assertThat(client.scan(scan).items()).extracting(item -> item.get("sk").s())
                .containsExactlyInAnyOrder("TX|Dallas|1", "TX|Dallas|2");
    }
}
