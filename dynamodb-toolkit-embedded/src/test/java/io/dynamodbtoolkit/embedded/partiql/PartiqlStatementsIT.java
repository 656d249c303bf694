package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ExecuteStatement: SELECT (Query or Scan), INSERT, UPDATE, DELETE, parameters, Limit and NextToken, errors. */
@EmbeddedServer
class PartiqlStatementsIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.N, b -> b
                .attributeDefinitions(Tables.attribute("pk", ScalarAttributeType.S),
                        Tables.attribute("sk", ScalarAttributeType.N), Tables.attribute("colour", ScalarAttributeType.S))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("byColour")
                        .keySchema(Tables.hash("colour")).projection(p -> p.projectionType(ProjectionType.ALL))
                        .build()));
        for (String pk : List.of("p1", "p2", "p3")) {
            for (int sk = 1; sk <= 5; sk++) {
                int value = sk;
                client.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "sk", n(value),
                        "colour", s(value % 2 == 0 ? "red" : "blue"), "n", n(value * 10))));
            }
        }
    }

    private static List<Map<String, AttributeValue>> run(DynamoDbClient client, String statement,
                                                         AttributeValue... parameters) {
        return client.executeStatement(b -> b.statement(statement).parameters(parameters.length == 0 ? null
                : List.of(parameters))).items();
    }

    private static String q(String statement) {
        return statement.replace("$T", "\"" + table + "\"");
    }

    @Test
    void insertedItemsOfEveryLiteralTypeAreReadBack(DynamoDbClient client) {
        run(client, q("INSERT INTO $T VALUE {'pk': 'lit', 'sk': 1, 's': 'it''s', 'n': -1.5e2, 'b': TRUE, 'z': NULL,"
                + " 'l': [1, 'two', [3]], 'm': {'k': {'deep': 'v'}}, 'ss': <<'a', 'b'>>, 'ns': <<1, 2>>, 'bin': ?}"),
                AttributeValue.fromB(SdkBytes.fromUtf8String("xy")));

        List<Map<String, AttributeValue>> items = run(client, q("SELECT * FROM $T WHERE pk = 'lit' AND sk = 1"));

        assertThat(items).singleElement().isEqualTo(Map.ofEntries(Map.entry("pk", s("lit")), Map.entry("sk", n(1)),
                Map.entry("s", s("it's")), Map.entry("n", n("-150")), Map.entry("b", AttributeValue.fromBool(true)),
                Map.entry("z", AttributeValue.fromNul(true)),
                Map.entry("l", AttributeValue.fromL(List.of(n(1), s("two"), AttributeValue.fromL(List.of(n(3)))))),
                Map.entry("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromM(Map.of("deep", s("v")))))),
                Map.entry("ss", AttributeValue.fromSs(List.of("a", "b"))),
                Map.entry("ns", AttributeValue.fromNs(List.of("1", "2"))),
                Map.entry("bin", AttributeValue.fromB(SdkBytes.fromUtf8String("xy")))));
        assertThat(run(client, q("SELECT m.k.deep, l[1], \"s\" FROM $T WHERE pk = ? AND sk = ?"), s("lit"), n(1)))
                .containsExactly(Map.of("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromM(Map.of("deep",
                        s("v"))))), "l", AttributeValue.fromL(List.of(s("two"))), "s", s("it's")));
        assertThatThrownBy(() -> run(client, q("INSERT INTO $T VALUE {'pk': 'lit', 'sk': 1}")))
                .isInstanceOf(DuplicateItemException.class).hasMessageContaining("Duplicate primary key exists in table");
    }

    @Test
    void selectFixingThePartitionKeyIsAQueryWithSortKeyRangesAndOrder(DynamoDbClient client) {
        assertThat(sks(run(client, q("SELECT sk FROM $T WHERE pk = 'p1' AND sk BETWEEN 2 AND 4")))).containsExactly(2,
                3, 4);
        assertThat(sks(run(client, q("SELECT sk FROM $T WHERE pk = 'p1' AND sk > 3 ORDER BY sk DESC"))))
                .containsExactly(5, 4);
        assertThat(sks(run(client, q("SELECT sk FROM $T WHERE 2 >= sk AND pk = 'p2'")))).containsExactly(1, 2);
        assertThat(sks(run(client, q("SELECT sk FROM $T WHERE pk = 'p1' AND sk >= 2 AND sk < 4 AND n <> 20"))))
                .as("further conditions, on the sort key too, filter").containsExactly(3);
        ExecuteStatementResponse counted = client.executeStatement(b -> b.statement(q(
                "SELECT * FROM $T WHERE pk = 'p3' AND colour = 'red'")).returnConsumedCapacity("TOTAL"));
        assertThat(counted.items()).hasSize(2);
        assertThat(counted.consumedCapacity().capacityUnits()).as("a Query reads one partition, not the table")
                .isEqualTo(0.5);
        assertThatThrownBy(() -> run(client, q("SELECT * FROM $T WHERE n > 1 ORDER BY sk")))
                .hasMessageContaining("Unsupported operation: ORDER BY needs a WHERE clause that fixes the partition"
                        + " key");
    }

    @Test
    void selectWithoutThePartitionKeyScansWithTheWhereClauseAsFilter(DynamoDbClient client) {
        List<Map<String, AttributeValue>> items = run(client, q("SELECT pk, sk FROM $T WHERE n >= 40 AND colour IN"
                + " ['red', 'green'] AND begins_with(pk, 'p') AND NOT pk = 'p3'"));

        assertThat(items).containsExactlyInAnyOrder(Map.of("pk", s("p1"), "sk", n(4)), Map.of("pk", s("p2"), "sk", n(4)));
        assertThat(run(client, q("SELECT * FROM $T WHERE nothing IS NOT MISSING"))).isEmpty();
        assertThat(run(client, q("SELECT * FROM $T WHERE pk = 'p1' AND absent IS MISSING"))).hasSize(5);
        assertThat(run(client, q("SELECT * FROM $T WHERE pk = 'p1' AND absent IS NULL AND colour IS NOT NULL")))
                .as("a missing attribute IS NULL, as in PartiQL").hasSize(5);
        assertThat(run(client, q("SELECT * FROM $T.\"byColour\" WHERE colour = 'red'"))).hasSize(6);
    }

    @Test
    void limitAndNextTokenPageAcrossThePartitionsOfAnIn(DynamoDbClient client) {
        String statement = q("SELECT pk, sk FROM $T WHERE pk IN ['p3', 'p1', 'nothing'] AND sk <= 3");
        List<String> seen = new ArrayList<>();
        String token = null;
        int pages = 0;
        do {
            String from = token;
            ExecuteStatementResponse page = client.executeStatement(b -> b.statement(statement).limit(2)
                    .nextToken(from));
            page.items().forEach(item -> seen.add(item.get("pk").s() + "/" + item.get("sk").n()));
            token = page.nextToken();
            pages++;
        } while (token != null);

        assertThat(seen).containsExactly("p3/1", "p3/2", "p3/3", "p1/1", "p1/2", "p1/3");
        assertThat(pages).isGreaterThanOrEqualTo(3);
        String firstToken = client.executeStatement(b -> b.statement(statement).limit(1)).nextToken();
        assertThatThrownBy(() -> client.executeStatement(b -> b.statement(q("SELECT * FROM $T")).nextToken(firstToken)))
                .hasMessageContaining("Invalid NextToken");
    }

    @Test
    void updateSetsAndRemovesOnTheItemItsKeyNames(DynamoDbClient client) {
        run(client, q("INSERT INTO $T VALUE {'pk': 'u', 'sk': 1, 'n': 1, 'l': [1], 'tags': <<'a'>>, 'old': 'x'}"));

        List<Map<String, AttributeValue>> updated = run(client, q("UPDATE $T SET n = n + 41 SET l = list_append(l,"
                + " [2, 3]), tags = set_add(tags, <<'b', 'c'>>) REMOVE old WHERE pk = 'u' AND sk = 1"
                + " RETURNING ALL NEW *"));
        List<Map<String, AttributeValue>> modified = run(client, q("UPDATE $T SET tags = set_delete(tags, <<'a'>>),"
                + " extra = if_not_exists(extra, 7) WHERE pk = 'u' AND sk = 1 AND n = 42 RETURNING MODIFIED OLD *"));

        assertThat(updated).singleElement().isEqualTo(Map.of("pk", s("u"), "sk", n(1), "n", n(42),
                "l", AttributeValue.fromL(List.of(n(1), n(2), n(3))),
                "tags", AttributeValue.fromSs(List.of("a", "b", "c"))));
        assertThat(modified).singleElement().isEqualTo(Map.of("tags", AttributeValue.fromSs(List.of("a", "b", "c"))));
        assertThat(run(client, q("SELECT extra FROM $T WHERE pk = 'u' AND sk = 1"))).containsExactly(Map.of("extra",
                n(7)));
        assertThatThrownBy(() -> run(client, q("UPDATE $T SET n = 0 WHERE pk = 'u' AND sk = 1 AND n = 0")))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> run(client, q("UPDATE $T SET n = 0 WHERE pk = 'missing' AND sk = 1")))
                .as("UPDATE never creates an item").isInstanceOf(ConditionalCheckFailedException.class);
        assertThatThrownBy(() -> run(client, q("UPDATE $T SET n = 0 WHERE pk = 'u'")))
                .hasMessageContaining("Where clause does not contain a mandatory equality on all key attributes");
        assertThatThrownBy(() -> run(client, q("UPDATE $T SET sk = 2 WHERE pk = 'u' AND sk = 1")))
                .hasMessageContaining("Cannot update attribute sk. This attribute is part of the key");
    }

    @Test
    void deleteRemovesTheItemItsKeyNamesWhenItsConditionHolds(DynamoDbClient client) {
        run(client, q("INSERT INTO $T VALUE {'pk': 'd', 'sk': 1, 'state': 'done'}"));

        assertThatThrownBy(() -> run(client, q("DELETE FROM $T WHERE pk = 'd' AND sk = 1 AND state = 'open'")))
                .isInstanceOf(ConditionalCheckFailedException.class);
        assertThat(run(client, q("DELETE FROM $T WHERE pk = 'd' AND sk = 1 AND state = 'done' RETURNING ALL OLD *")))
                .containsExactly(Map.of("pk", s("d"), "sk", n(1), "state", s("done")));
        assertThat(run(client, q("DELETE FROM $T WHERE pk = 'd' AND sk = 1 AND state = 'done'")))
                .as("no item: nothing deleted, no error").isEmpty();
    }

    @Test
    void whatPartiqlForDynamoDbRefusesGetsItsErrors(DynamoDbClient client) {
        assertThatThrownBy(() -> run(client, q("SELEC * FROM $T")))
                .hasMessageContaining("Unsupported operation: SELEC statements are not supported");
        assertThatThrownBy(() -> run(client, q("SELECT * FROM $T WHERE")))
                .hasMessageContaining("Statement wasn't well formed, can't be processed: Unexpected end of statement");
        assertThatThrownBy(() -> run(client, q("SELECT * FROM $T WHERE pk = ?"))).hasMessageContaining(
                "Number of parameters in request and statement don't match.");
        assertThatThrownBy(() -> run(client, q("SELECT * FROM $T"), s("extra"))).hasMessageContaining(
                "Number of parameters in request and statement don't match.");
        assertThatThrownBy(() -> run(client, "SELECT * FROM \"no-such-table\""))
                .isInstanceOf(ResourceNotFoundException.class);
        assertThatThrownBy(() -> run(client, q("INSERT INTO $T VALUES {'pk': 'x', 'sk': 1}")))
                .hasMessageContaining("INSERT takes one item: use VALUE {...}");
        assertThatThrownBy(() -> run(client, q("SELECT * FROM $T.\"noIndex\" WHERE pk = 'p1'")))
                .hasMessageContaining("The table does not have the specified index: noIndex");
    }

    private static List<Integer> sks(List<Map<String, AttributeValue>> items) {
        return items.stream().map(item -> Integer.parseInt(item.get("sk").n())).toList();
    }
}
