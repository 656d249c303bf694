package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.n;
import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.s;

/**
 * Generates seeded random sequences of PartiQL statements (ExecuteStatement) mixed with plain PutItems on the
 * scenarios' table, within what moto 5.2.1's PartiQL answers without failing (HTTP 500): INSERT with literal values,
 * SELECT with equalities (the partition key, the whole key, a further attribute, or a scan on one attribute), UPDATE
 * SET and REMOVE of an item that exists. DELETE, range comparisons, OR and parameters in INSERT make moto fail, so
 * they are not compared; the engine's own tests cover them.
 */
final class PartiqlScenarioGenerator {

    private final ScenarioValues draw;
    private final Random random;
    private final String table;
    private final List<Map<String, AttributeValue>> inserted = new ArrayList<>();

    PartiqlScenarioGenerator(long seed, String table) {
        this.draw = new ScenarioValues(seed);
        this.random = draw.random();
        this.table = table;
    }

    List<Step> steps(int count) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int dice = random.nextInt(100);
            steps.add(dice < 25 ? put(i) : dice < 40 || inserted.isEmpty() ? insert(i) : dice < 55 ? update(i)
                    : dice < 70 ? selectKey(i) : dice < 90 ? selectPartition(i) : selectScan(i));
        }
        return steps;
    }

    private String quoted() {
        return "\"" + table + "\"";
    }

    private static Step statement(int index, String statement, List<AttributeValue> parameters) {
        return new Step(index + ": " + statement + " " + parameters, client -> "items="
                + Canonical.sortedItems(executeAll(client, statement, parameters)));
    }

    /** Every page of the statement's answer (following NextToken). */
    private static List<Map<String, AttributeValue>> executeAll(DynamoDbClient client, String statement,
                                                                List<AttributeValue> parameters) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        String token = null;
        for (int page = 0; page < 100; page++) {
            String next = token;
            ExecuteStatementResponse response = client.executeStatement(b -> b.statement(statement)
                    .parameters(parameters.isEmpty() ? null : parameters).nextToken(next));
            items.addAll(response.items());
            token = response.nextToken();
            if (token == null) {
                break;
            }
        }
        return items;
    }

    /** A PutItem of an item without a map attribute (moto's PartiQL leaves items holding a map out of its answers). */
    private Step put(int index) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(draw.item(draw.pk(), draw.sk()));
        item.remove("m");
        return new Step(index + ": PutItem " + item, client -> {
            client.putItem(b -> b.tableName(table).item(item));
            return "ok";
        });
    }

    private Step insert(int index) {
        String pk = draw.pk();
        int sk = 1000 + inserted.size();
        inserted.add(ScenarioValues.key(pk, sk));
        return statement(index, "INSERT INTO " + quoted() + " VALUE {'pk': '" + pk + "', 'sk': " + sk + ", 'v': "
                + random.nextInt(50) + ", 's': '" + draw.word() + "'}", List.of());
    }

    private Step update(int index) {
        Map<String, AttributeValue> key = inserted.get(random.nextInt(inserted.size()));
        return switch (random.nextInt(3)) {
            case 0 -> statement(index, "UPDATE " + quoted() + " SET v = ? WHERE pk = ? AND sk = ?",
                    List.of(n(random.nextInt(50)), key.get("pk"), key.get("sk")));
            case 1 -> statement(index, "UPDATE " + quoted() + " SET s = ? WHERE pk = ? AND sk = ?",
                    List.of(s(draw.word()), key.get("pk"), key.get("sk")));
            default -> statement(index, "UPDATE " + quoted() + " REMOVE s WHERE pk = ? AND sk = ?",
                    List.of(key.get("pk"), key.get("sk")));
        };
    }

    private Step selectKey(int index) {
        Map<String, AttributeValue> key = random.nextBoolean() || inserted.isEmpty() ? draw.key()
                : inserted.get(random.nextInt(inserted.size()));
        return statement(index, "SELECT " + draw.pick("*", "pk, sk, v", "s, tags") + " FROM " + quoted()
                + " WHERE pk = ? AND sk = ?", List.of(key.get("pk"), key.get("sk")));
    }

    private Step selectPartition(int index) {
        String pk = draw.pk();
        return random.nextBoolean()
                ? statement(index, "SELECT * FROM " + quoted() + " WHERE pk = ?", List.of(s(pk)))
                : statement(index, "SELECT pk, sk FROM " + quoted() + " WHERE pk = ? AND s = ?",
                List.of(s(pk), s(draw.word())));
    }

    private Step selectScan(int index) {
        return statement(index, "SELECT pk, sk, v FROM " + quoted() + " WHERE s = ?", List.of(s(draw.word())));
    }
}
