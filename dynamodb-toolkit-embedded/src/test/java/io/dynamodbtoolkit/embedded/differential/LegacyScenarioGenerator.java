package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.n;
import static io.dynamodbtoolkit.embedded.differential.ScenarioValues.s;

/**
 * Generates seeded random sequences of operations with the legacy parameters (Expected with ConditionalOperator,
 * AttributeUpdates, AttributesToGet, KeyConditions, QueryFilter, ScanFilter) on the scenarios' table, within what
 * moto 5.2.1 handles: ConditionalOperator only AND (moto ignores OR, in Expected and in filters), AttributesToGet only
 * in BatchGetItem (moto ignores it in Scan and applies it wrongly in GetItem and Query), QueryFilters name only an
 * attribute every item has (moto fails when one is missing), and Expected is limited as {@link #expected} says; the
 * engine's own tests (legacy package) cover the rest.
 */
final class LegacyScenarioGenerator {

    private final ScenarioValues draw;
    private final Random random;
    private final String table;
    /** The keys of items that exist on both servers ("pk/sk"), to aim conditional writes at. */
    private final Set<String> known = new java.util.LinkedHashSet<>();

    LegacyScenarioGenerator(long seed, String table) {
        this.draw = new ScenarioValues(seed);
        this.random = draw.random();
        this.table = table;
    }

    List<Step> steps(int count) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int dice = random.nextInt(100);
            steps.add(dice < 30 ? put(i) : dice < 50 ? update(i) : dice < 60 ? delete(i) : dice < 80 ? query(i)
                    : dice < 94 ? scan(i) : batchGet(i));
        }
        return steps;
    }

    private static Condition condition(ComparisonOperator operator, AttributeValue... values) {
        return Condition.builder().comparisonOperator(operator).attributeValueList(values).build();
    }

    /**
     * One random condition on a non-key attribute, of an operator and value types that attribute can meet (not NULL:
     * moto 5.2.1's NULL does not match a missing attribute, which is what NULL means).
     */
    private Map.Entry<String, Condition> filterCondition() {
        return switch (random.nextInt(11)) {
            case 0 -> Map.entry("v", condition(ComparisonOperator.GT, n(random.nextInt(41) - 20)));
            case 1 -> Map.entry("v", condition(ComparisonOperator.LE, n(random.nextInt(41) - 20)));
            case 2 -> Map.entry("v", condition(ComparisonOperator.BETWEEN, n(-30), n(random.nextInt(40))));
            case 3 -> Map.entry("s", condition(ComparisonOperator.EQ, s(draw.word())));
            case 4 -> Map.entry("s", condition(ComparisonOperator.NE, s(draw.word())));
            case 5 -> Map.entry("s", condition(ComparisonOperator.BEGINS_WITH, s(draw.word().substring(0, 1))));
            case 6 -> Map.entry("s", condition(ComparisonOperator.IN, s(draw.word()), s(draw.word())));
            case 7 -> Map.entry("tags", condition(ComparisonOperator.CONTAINS, s(draw.pick("a", "b", "c"))));
            case 8 -> Map.entry("tags", condition(ComparisonOperator.NOT_CONTAINS, s(draw.pick("a", "b", "c"))));
            case 9 -> Map.entry("rank", condition(ComparisonOperator.GE, n(random.nextInt(20))));
            default -> Map.entry("s", condition(ComparisonOperator.NOT_NULL));
        };
    }

    private Map<String, Condition> filter() {
        Map<String, Condition> filter = new LinkedHashMap<>();
        for (int i = 0; i < 1 + random.nextInt(2); i++) {
            Map.Entry<String, Condition> entry = filterCondition();
            filter.put(entry.getKey(), entry.getValue());
        }
        return filter;
    }

    /**
     * A QueryFilter: conditions on {@code v} only, which every item has (moto 5.2.1 fails with HTTP 500 on a
     * QueryFilter naming an attribute some item of the partition lacks), with no sort-key condition beside it (moto
     * then ignores the sort-key condition).
     */
    private Map<String, Condition> queryFilter() {
        return Map.of("v", switch (random.nextInt(5)) {
            case 0 -> condition(ComparisonOperator.GT, n(random.nextInt(41) - 20));
            case 1 -> condition(ComparisonOperator.LE, n(random.nextInt(41) - 20));
            case 2 -> condition(ComparisonOperator.BETWEEN, n(-30), n(random.nextInt(40)));
            case 3 -> condition(ComparisonOperator.NE, n(random.nextInt(11) - 5));
            default -> condition(ComparisonOperator.IN, n(random.nextInt(11) - 5), n(random.nextInt(11) - 5));
        });
    }

    /**
     * An Expected condition. On a key not known to exist only {@code Exists: false} (moto checks no other condition
     * when there is no item, and the two servers' states would part); on a known item, comparisons of attributes
     * every item has, or positive ones (moto treats NE and NOT_CONTAINS on a missing attribute differently), never
     * {@code Exists: true} with a Value (moto ignores it).
     */
    private Map<String, ExpectedAttributeValue> expected(boolean itemExists) {
        Map<String, ExpectedAttributeValue> expected = new LinkedHashMap<>();
        if (!itemExists) {
            expected.put("pk", ExpectedAttributeValue.builder().exists(false).build());
            return expected;
        }
        for (int i = 0; i < 1 + random.nextInt(2); i++) {
            switch (random.nextInt(8)) {
                case 0 -> expected.put("s", ExpectedAttributeValue.builder().value(s(draw.word())).build());
                case 1 -> expected.put("v", comparison(ComparisonOperator.LT, n(random.nextInt(40))));
                case 2 -> expected.put("v", comparison(ComparisonOperator.NE, n(random.nextInt(11) - 5)));
                case 3 -> expected.put("v", comparison(ComparisonOperator.BETWEEN, n(-20), n(random.nextInt(30))));
                case 4 -> expected.put("tags", comparison(ComparisonOperator.CONTAINS, s(draw.pick("a", "b", "c"))));
                case 5 -> expected.put("rank", ExpectedAttributeValue.builder().exists(false).build());
                case 6 -> expected.put("s", comparison(ComparisonOperator.NOT_NULL));
                default -> expected.put("pk", ExpectedAttributeValue.builder().value(s(draw.pk())).build());
            }
        }
        return expected;
    }

    private static ExpectedAttributeValue comparison(ComparisonOperator operator, AttributeValue... values) {
        return ExpectedAttributeValue.builder().comparisonOperator(operator).attributeValueList(values).build();
    }

    /** A key, and whether the item is known to exist (on both servers) before the step. */
    private record Target(Map<String, AttributeValue> key, boolean exists) {
        String id() {
            return key.get("pk").s() + "/" + key.get("sk").n();
        }
    }

    private Target target() {
        if (!known.isEmpty() && random.nextBoolean()) {
            String id = new ArrayList<>(known).get(random.nextInt(known.size()));
            String[] parts = id.split("/");
            return new Target(ScenarioValues.key(parts[0], Integer.parseInt(parts[1])), true);
        }
        Map<String, AttributeValue> key = draw.key();
        String id = key.get("pk").s() + "/" + key.get("sk").n();
        return new Target(key, known.contains(id));
    }

    private Step put(int index) {
        Target target = target();
        PutItemRequest.Builder request = PutItemRequest.builder().tableName(table)
                .item(draw.item(target.key().get("pk").s(), Integer.parseInt(target.key().get("sk").n())))
                .returnValues(draw.pick(ReturnValue.NONE, ReturnValue.ALL_OLD));
        if (random.nextInt(3) > 0) {
            request.expected(expected(target.exists()));
            if (request.build().expected().size() > 1 && random.nextBoolean()) {
                request.conditionalOperator(ConditionalOperator.AND);
            }
        } else {
            known.add(target.id());
        }
        PutItemRequest built = request.build();
        return new Step(index + ": " + built, client -> "attributes=" + Canonical.item(client.putItem(built)
                .attributes()));
    }

    private Step update(int index) {
        Map<String, AttributeValueUpdate> updates = new LinkedHashMap<>();
        updates.put("v", AttributeValueUpdate.builder().action(AttributeAction.ADD).value(n(random.nextInt(11) - 5))
                .build());
        for (int i = 0; i < 1 + random.nextInt(3); i++) {
            switch (random.nextInt(6)) {
                case 0 -> updates.put("s", AttributeValueUpdate.builder().action(AttributeAction.PUT)
                        .value(s(draw.word())).build());
                case 1 -> updates.put("s", AttributeValueUpdate.builder().value(s(draw.word())).build());
                case 2 -> updates.put("tags", AttributeValueUpdate.builder().action(AttributeAction.ADD)
                        .value(draw.tags()).build());
                case 3 -> updates.put("tags", AttributeValueUpdate.builder().action(AttributeAction.DELETE)
                        .value(draw.tags()).build());
                case 4 -> updates.put("s", AttributeValueUpdate.builder().action(AttributeAction.DELETE).build());
                default -> updates.put("gsk", AttributeValueUpdate.builder().value(s("k" + random.nextInt(6))).build());
            }
        }
        Target target = target();
        UpdateItemRequest.Builder request = UpdateItemRequest.builder().tableName(table).key(target.key())
                .attributeUpdates(updates).returnValues(draw.pick(ReturnValue.NONE, ReturnValue.ALL_NEW,
                        ReturnValue.ALL_OLD, ReturnValue.UPDATED_NEW));
        if (target.exists() && random.nextBoolean()) {
            request.expected(expected(true));
        } else {
            known.add(target.id());
        }
        UpdateItemRequest built = request.build();
        Set<Step.Trait> traits = built.returnValues() == ReturnValue.UPDATED_NEW
                ? Set.of(Step.Trait.RETURNS_UPDATED_VALUES) : Set.of();
        return new Step(index + ": " + built, traits, client -> "attributes=" + Canonical.item(
                client.updateItem(built).attributes()));
    }

    /** A DeleteItem (without Expected: moto 5.2.1 does not check Expected on DeleteItem). */
    private Step delete(int index) {
        Target target = target();
        known.remove(target.id());
        return new Step(index + ": DeleteItem " + target.key(), client -> "attributes=" + Canonical.item(
                client.deleteItem(b -> b.tableName(table).key(target.key()).returnValues(ReturnValue.ALL_OLD))
                        .attributes()));
    }

    private Step query(int index) {
        Map<String, Condition> keys = new LinkedHashMap<>();
        QueryRequest.Builder request = QueryRequest.builder().tableName(table);
        boolean global = random.nextInt(4) == 0;
        if (global) {
            request.indexName(ScenarioGenerator.GLOBAL_INDEX);
            keys.put("gpk", condition(ComparisonOperator.EQ, s("g" + random.nextInt(2))));
            if (random.nextBoolean()) {
                keys.put("gsk", condition(ComparisonOperator.BEGINS_WITH, s("k" + random.nextInt(6))));
            }
        } else {
            keys.put("pk", condition(ComparisonOperator.EQ, s(draw.pk())));
            int a = draw.sk();
            int b = draw.sk();
            switch (random.nextInt(6)) {
                case 1 -> keys.put("sk", condition(ComparisonOperator.LT, n(a)));
                case 2 -> keys.put("sk", condition(ComparisonOperator.GE, n(a)));
                case 3 -> keys.put("sk", condition(ComparisonOperator.BETWEEN, n(Math.min(a, b)), n(Math.max(a, b))));
                case 4 -> keys.put("sk", condition(ComparisonOperator.EQ, n(a)));
                default -> {
                }
            }
            request.scanIndexForward(random.nextBoolean());
        }
        request.keyConditions(keys);
        if (keys.size() == 1 && random.nextBoolean()) {
            request.queryFilter(queryFilter());
            if (random.nextBoolean()) {
                request.conditionalOperator(ConditionalOperator.AND);
            }
        }
        if (random.nextBoolean()) {
            request.limit(1 + random.nextInt(5));
        }
        QueryRequest built = request.build();
        return new Step(index + ": " + built, filterTraits(built.queryFilter()),
                client -> Pages.query(client, built, global));
    }

    /** A Scan with a ScanFilter of one or two conditions, ANDed. */
    private Step scan(int index) {
        ScanRequest.Builder request = ScanRequest.builder().tableName(table).scanFilter(filter());
        if (random.nextBoolean()) {
            request.conditionalOperator(ConditionalOperator.AND);
        }
        if (random.nextBoolean()) {
            request.limit(1 + random.nextInt(10));
        }
        ScanRequest built = request.build();
        return new Step(index + ": " + built, filterTraits(built.scanFilter()), client -> Pages.scan(client, built));
    }

    /** The traits of a filter that meets a known moto deviation. */
    private static Set<Step.Trait> filterTraits(Map<String, Condition> filter) {
        Set<Step.Trait> traits = new java.util.HashSet<>();
        for (Condition condition : filter.values()) {
            if (condition.comparisonOperator() == ComparisonOperator.BETWEEN) {
                traits.add(Step.Trait.BETWEEN_FILTER);
            }
            if (condition.comparisonOperator() == ComparisonOperator.NOT_CONTAINS
                    || condition.comparisonOperator() == ComparisonOperator.NE) {
                traits.add(Step.Trait.NEGATIVE_FILTER);
            }
        }
        return traits;
    }

    private Step batchGet(int index) {
        List<Map<String, AttributeValue>> keys = draw.distinctKeys(1 + random.nextInt(6));
        return new Step(index + ": BatchGetItem " + keys + " AttributesToGet pk, sk, v", client -> "items="
                + Canonical.sortedItems(client.batchGetItem(b -> b.requestItems(Map.of(table,
                KeysAndAttributes.builder().keys(keys).attributesToGet("pk", "sk", "v").build())))
                .responses().getOrDefault(table, List.of())));
    }
}
