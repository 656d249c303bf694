package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The seeded random values of the differential scenarios: a small key space (partition key {@code pk} S, sort key
 * {@code sk} N) so that overwrites, failing conditions and multi-page reads occur, and items of every shape the
 * scenarios' table indexes (a global index on {@code gpk}/{@code gsk}, a local one on {@code rank}).
 */
final class ScenarioValues {

    static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta");
    private static final int PARTITIONS = 4;
    private static final int SORT_KEYS = 12;

    private final Random random;

    ScenarioValues(long seed) {
        this.random = new Random(seed);
    }

    Random random() {
        return random;
    }

    String pk() {
        return "p" + random.nextInt(PARTITIONS);
    }

    int sk() {
        return random.nextInt(SORT_KEYS);
    }

    String word() {
        return WORDS.get(random.nextInt(WORDS.size()));
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    Map<String, AttributeValue> key() {
        return key(pk(), sk());
    }

    static Map<String, AttributeValue> key(String pk, int sk) {
        return Map.of("pk", s(pk), "sk", n(sk));
    }

    /** Distinct keys of the key space. */
    List<Map<String, AttributeValue>> distinctKeys(int count) {
        Map<String, Map<String, AttributeValue>> keys = new LinkedHashMap<>();
        while (keys.size() < count) {
            String pk = pk();
            int sk = sk();
            keys.put(pk + "/" + sk, key(pk, sk));
        }
        return new ArrayList<>(keys.values());
    }

    AttributeValue tags() {
        Set<String> tags = new LinkedHashSet<>();
        tags.add(List.of("a", "b", "c").get(random.nextInt(3)));
        if (random.nextBoolean()) {
            tags.add(List.of("a", "b", "c").get(random.nextInt(3)));
        }
        return AttributeValue.fromSs(new ArrayList<>(tags));
    }

    Map<String, AttributeValue> item(String pk, int sk) {
        Map<String, AttributeValue> item = new HashMap<>(key(pk, sk));
        item.put("v", n(random.nextInt(101) - 50));
        if (random.nextInt(4) > 0) {
            item.put("s", s(word()));
        }
        if (random.nextBoolean()) {
            item.put("tags", tags());
        }
        if (random.nextInt(10) < 7) {
            item.put("gpk", s("g" + random.nextInt(2)));
            item.put("gsk", s("k" + random.nextInt(6)));
        }
        if (random.nextBoolean()) {
            item.put("rank", n(random.nextInt(20)));
        }
        if (random.nextInt(3) == 0) {
            item.put("m", AttributeValue.fromM(Map.of("x", n(random.nextInt(10)),
                    "l", AttributeValue.fromL(List.of(s("e"), n(random.nextInt(3)))))));
        }
        return item;
    }

    @SafeVarargs
    final <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }
}
