package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import java.util.Set;

import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.n;
import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.s;

/**
 * Generates a seeded random sequence of operations with expressions on one table (partition key {@code pk} S, sort
 * key {@code sk} N, a global index {@code byG} on {@code gpk}/{@code gsk} and a local index {@code byRank} on
 * {@code rank}) over a small key space ({@link ScenarioValues}), so that overwrites, conditions failing, sparse index
 * entries and multi-page queries all occur.
 */
final class ScenarioGenerator {

    static final String GLOBAL_INDEX = "byG";
    static final String LOCAL_INDEX = "byRank";

    private final ScenarioValues draw;
    private final Random random;
    private final String table;

    ScenarioGenerator(long seed, String table) {
        this.draw = new ScenarioValues(seed);
        this.random = draw.random();
        this.table = table;
    }

    List<Step> steps(int count) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            steps.add(next(i));
        }
        return steps;
    }

    private Step next(int index) {
        int dice = random.nextInt(100);
        if (dice < 25) {
            return put(index);
        }
        if (dice < 45) {
            return update(index);
        }
        if (dice < 53) {
            return delete(index);
        }
        if (dice < 61) {
            return get(index);
        }
        if (dice < 73) {
            return queryTable(index);
        }
        if (dice < 79) {
            return queryGlobalIndex(index);
        }
        if (dice < 82) {
            return queryLocalIndex(index);
        }
        if (dice < 86) {
            return scan(index);
        }
        if (dice < 90) {
            return batchWrite(index);
        }
        if (dice < 93) {
            return batchGet(index);
        }
        if (dice < 97) {
            return transactWrite(index);
        }
        if (dice < 98) {
            return transactGet(index);
        }
        return invalid(index);
    }

    // ------------------------------------------------------------------ operations

    private Step put(int index) {
        String pk = draw.pk();
        int sk = draw.sk();
        Map<String, AttributeValue> item = draw.item(pk, sk);
        PutItemRequest.Builder request = PutItemRequest.builder().tableName(table).item(item)
                .returnValues(draw.pick(ReturnValue.NONE, ReturnValue.ALL_OLD));
        switch (random.nextInt(4)) {
            case 1 -> request.conditionExpression("attribute_not_exists(pk)");
            case 2 -> request.conditionExpression("v < :x").expressionAttributeValues(Map.of(":x", n(random.nextInt(40))));
            case 3 -> request.conditionExpression("attribute_exists(s) AND s <> :s")
                    .expressionAttributeValues(Map.of(":s", s(draw.word())));
            default -> {
            }
        }
        PutItemRequest built = request.build();
        return new Step(index + ": " + built, client -> "attributes="
                + Canonical.item(client.putItem(built).attributes()));
    }

    private Step update(int index) {
        Map<String, AttributeValue> values = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        String expression;
        switch (random.nextInt(8)) {
            case 0 -> {
                expression = "SET v = if_not_exists(v, :zero) + :d";
                values.put(":zero", n(0));
                values.put(":d", n(random.nextInt(11) - 5));
            }
            case 1 -> {
                expression = "SET s = :s, m = :m";
                values.put(":s", s(draw.word()));
                values.put(":m", AttributeValue.fromM(Map.of("x", n(random.nextInt(5)))));
            }
            case 2 -> expression = "REMOVE s, tags";
            case 3 -> {
                expression = "ADD tags :t, v :d";
                values.put(":t", draw.tags());
                values.put(":d", n(1));
            }
            case 4 -> {
                expression = "SET gpk = :g, gsk = :k";
                values.put(":g", s("g" + random.nextInt(2)));
                values.put(":k", s("k" + random.nextInt(6)));
            }
            case 5 -> {
                expression = "DELETE tags :t";
                values.put(":t", draw.tags());
            }
            case 6 -> {
                expression = "SET m.x = :d";
                values.put(":d", n(random.nextInt(9)));
            }
            default -> {
                expression = "SET #r = :r REMOVE gpk";
                names.put("#r", "rank");
                values.put(":r", n(random.nextInt(20)));
            }
        }
        String condition = null;
        switch (random.nextInt(4)) {
            case 1 -> condition = "attribute_exists(pk)";
            case 2 -> {
                condition = "v > :x OR attribute_not_exists(v)";
                values.put(":x", n(random.nextInt(21) - 10));
            }
            default -> {
            }
        }
        UpdateItemRequest.Builder request = UpdateItemRequest.builder().tableName(table).key(draw.key())
                .updateExpression(expression).conditionExpression(condition)
                .returnValues(draw.pick(ReturnValue.NONE, ReturnValue.ALL_NEW, ReturnValue.ALL_OLD, ReturnValue.UPDATED_OLD,
                        ReturnValue.UPDATED_NEW));
        if (!values.isEmpty()) {
            request.expressionAttributeValues(values);
        }
        if (!names.isEmpty()) {
            request.expressionAttributeNames(names);
        }
        UpdateItemRequest built = request.build();
        Set<Step.Trait> traits = built.returnValues() == ReturnValue.UPDATED_NEW
                || built.returnValues() == ReturnValue.UPDATED_OLD ? Set.of(Step.Trait.RETURNS_UPDATED_VALUES) : Set.of();
        return new Step(index + ": " + built, traits, client -> "attributes="
                + Canonical.item(client.updateItem(built).attributes()));
    }

    private Step delete(int index) {
        Map<String, AttributeValue> key = draw.key();
        boolean conditional = random.nextBoolean();
        return new Step(index + ": DeleteItem " + key + (conditional ? " if attribute_exists(v)" : ""), client -> {
            DeleteItemResponse response = client.deleteItem(b -> b.tableName(table).key(key)
                    .returnValues(ReturnValue.ALL_OLD).conditionExpression(conditional ? "attribute_exists(v)" : null));
            return "attributes=" + Canonical.item(response.attributes());
        });
    }

    private Step get(int index) {
        GetItemRequest.Builder request = GetItemRequest.builder().tableName(table).key(draw.key())
                .consistentRead(random.nextBoolean());
        if (random.nextBoolean()) {
            request.projectionExpression("v, s, m.x, tags");
        }
        GetItemRequest built = request.build();
        return new Step(index + ": " + built, client -> "item=" + Canonical.item(client.getItem(built).item()));
    }

    private Step queryTable(int index) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":p", s(draw.pk()));
        String condition = "pk = :p";
        int a = draw.sk();
        int b = draw.sk();
        switch (random.nextInt(7)) {
            case 1 -> condition += " AND sk < :a";
            case 2 -> condition += " AND sk <= :a";
            case 3 -> condition += " AND sk > :a";
            case 4 -> condition += " AND sk >= :a";
            case 5 -> condition += " AND sk BETWEEN :a AND :b";
            case 6 -> condition += " AND sk = :a";
            default -> {
            }
        }
        if (condition.contains(":a")) {
            values.put(":a", n(Math.min(a, condition.contains(":b") ? b : a)));
        }
        if (condition.contains(":b")) {
            values.put(":b", n(Math.max(a, b)));
        }
        QueryRequest.Builder request = QueryRequest.builder().tableName(table).keyConditionExpression(condition)
                .scanIndexForward(random.nextBoolean());
        filter(request, values);
        request.expressionAttributeValues(values);
        if (random.nextBoolean()) {
            request.limit(1 + random.nextInt(5));
        }
        if (random.nextInt(4) == 0) {
            request.projectionExpression("sk, v");
        }
        QueryRequest built = request.build();
        return new Step(index + ": " + built, client -> Pages.query(client, built, false));
    }

    private void filter(QueryRequest.Builder request, Map<String, AttributeValue> values) {
        switch (random.nextInt(4)) {
            case 1 -> {
                request.filterExpression("v > :f");
                values.put(":f", n(random.nextInt(41) - 20));
            }
            case 2 -> request.filterExpression("attribute_exists(tags) AND NOT contains(tags, :c)");
            default -> {
            }
        }
        if (request.build().filterExpression() != null && request.build().filterExpression().contains(":c")) {
            values.put(":c", s("a"));
        }
    }

    private Step queryGlobalIndex(int index) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":g", s("g" + random.nextInt(2)));
        String condition = "gpk = :g";
        if (random.nextBoolean()) {
            condition += " AND begins_with(gsk, :k)";
            values.put(":k", s("k" + random.nextInt(6)));
        }
        QueryRequest.Builder request = QueryRequest.builder().tableName(table).indexName(GLOBAL_INDEX)
                .keyConditionExpression(condition).expressionAttributeValues(values);
        if (random.nextBoolean()) {
            request.limit(1 + random.nextInt(6));
        }
        QueryRequest built = request.build();
        return new Step(index + ": " + built, client -> Pages.query(client, built, true));
    }

    private Step queryLocalIndex(int index) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":p", s(draw.pk()));
        values.put(":r", n(random.nextInt(20)));
        QueryRequest.Builder request = QueryRequest.builder().tableName(table).indexName(LOCAL_INDEX)
                .keyConditionExpression("pk = :p AND #r >= :r").expressionAttributeNames(Map.of("#r", "rank"))
                .expressionAttributeValues(values).scanIndexForward(random.nextBoolean());
        QueryRequest built = request.build();
        return new Step(index + ": " + built, client -> Pages.query(client, built, true));
    }

    private Step scan(int index) {
        ScanRequest.Builder request = ScanRequest.builder().tableName(table);
        if (random.nextBoolean()) {
            request.filterExpression("v BETWEEN :lo AND :hi")
                    .expressionAttributeValues(Map.of(":lo", n(-20), ":hi", n(random.nextInt(30))));
        }
        if (random.nextBoolean()) {
            request.limit(1 + random.nextInt(10));
        }
        ScanRequest built = request.build();
        Set<Step.Trait> traits = built.filterExpression() != null ? Set.of(Step.Trait.BETWEEN_FILTER) : Set.of();
        return new Step(index + ": " + built, traits, client -> Pages.scan(client, built));
    }

    private Step batchWrite(int index) {
        List<WriteRequest> writes = new ArrayList<>();
        for (Map<String, AttributeValue> key : draw.distinctKeys(1 + random.nextInt(8))) {
            if (random.nextInt(4) == 0) {
                writes.add(WriteRequest.builder().deleteRequest(d -> d.key(key)).build());
            } else {
                Map<String, AttributeValue> item = draw.item(key.get("pk").s(), Integer.parseInt(key.get("sk").n()));
                writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            }
        }
        return new Step(index + ": BatchWriteItem " + writes, client -> "unprocessed="
                + client.batchWriteItem(b -> b.requestItems(Map.of(table, writes))).unprocessedItems().size());
    }

    private Step batchGet(int index) {
        List<Map<String, AttributeValue>> keys = draw.distinctKeys(1 + random.nextInt(6));
        return new Step(index + ": BatchGetItem " + keys, client -> {
            BatchGetItemResponse response = client.batchGetItem(b -> b.requestItems(Map.of(table,
                    KeysAndAttributes.builder().keys(keys).build())));
            return "items=" + Canonical.sortedItems(response.responses().getOrDefault(table, List.of()));
        });
    }

    private Step transactWrite(int index) {
        List<TransactWriteItem> actions = new ArrayList<>();
        for (Map<String, AttributeValue> key : draw.distinctKeys(2 + random.nextInt(2))) {
            switch (random.nextInt(4)) {
                case 0 -> {
                    Map<String, AttributeValue> item = draw.item(key.get("pk").s(), Integer.parseInt(key.get("sk").n()));
                    actions.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(item)
                            .conditionExpression(random.nextBoolean() ? "attribute_not_exists(pk)" : null)).build());
                }
                case 1 -> actions.add(TransactWriteItem.builder().update(u -> u.tableName(table).key(key)
                        .updateExpression("SET v = :v").conditionExpression("attribute_exists(pk)")
                        .expressionAttributeValues(Map.of(":v", n(random.nextInt(100))))).build());
                case 2 -> actions.add(TransactWriteItem.builder().delete(d -> d.tableName(table).key(key)).build());
                default -> actions.add(TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key)
                        .conditionExpression("attribute_not_exists(s)")).build());
            }
        }
        return new Step(index + ": TransactWriteItems " + actions, client -> {
            client.transactWriteItems(b -> b.transactItems(actions));
            return "ok";
        });
    }

    private Step transactGet(int index) {
        List<TransactGetItem> gets = new ArrayList<>();
        for (Map<String, AttributeValue> key : draw.distinctKeys(1 + random.nextInt(4))) {
            gets.add(TransactGetItem.builder().get(g -> g.tableName(table).key(key)).build());
        }
        return new Step(index + ": TransactGetItems " + gets, client -> {
            List<String> items = new ArrayList<>();
            client.transactGetItems(b -> b.transactItems(gets)).responses()
                    .forEach(response -> items.add(Canonical.item(response.item())));
            return "items=" + items;
        });
    }

    private Step invalid(int index) {
        Map<String, AttributeValue> key = draw.key();
        return switch (random.nextInt(4)) {
            case 0 -> new Step(index + ": update of a key attribute", client -> "attributes=" + Canonical.item(
                    client.updateItem(b -> b.tableName(table).key(key).updateExpression("SET sk = :v")
                            .expressionAttributeValues(Map.of(":v", n(1)))).attributes()));
            case 1 -> new Step(index + ": reserved word in a condition", client -> "attributes=" + Canonical.item(
                    client.putItem(b -> b.tableName(table).item(key).conditionExpression("attribute_exists(name)"))
                            .attributes()));
            case 2 -> new Step(index + ": query with an unused expression value", Set.of(Step.Trait.UNUSED_VALUE),
                    client -> "items=" + Canonical.items(client.query(b -> b.tableName(table)
                            .keyConditionExpression("pk = :p")
                            .expressionAttributeValues(Map.of(":p", key.get("pk"), ":unused", n(1)))).items()));
            default -> new Step(index + ": key of the wrong type", Set.of(Step.Trait.MISTYPED_KEY), client -> "item=" + Canonical.item(
                    client.getItem(b -> b.tableName(table).key(Map.of("pk", s("p0"), "sk", s("1")))).item()));
        };
    }
}
