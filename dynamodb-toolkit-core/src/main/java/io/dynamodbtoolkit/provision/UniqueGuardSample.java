package io.dynamodbtoolkit.provision;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Finds, in the rows a {@link BackfillSample} read, those holding a value of a unique field without a guard pointing
 * at them: reads the guards of the sampled rows' values (strongly consistent BatchGetItem calls, at most
 * {@value #KEYS_PER_CALL} distinct guards each, so bounded by the sample) and compares each guard's owner with the
 * row. Rows whose guard stays unprocessed after {@value #ATTEMPTS} attempts (a throttled table) are left out of that
 * field's sample rather than guessed.
 */
final class UniqueGuardSample {

    /** The most keys one BatchGetItem call reads. */
    static final int KEYS_PER_CALL = 100;
    /** The attempts to read a call's keys (the rest being unprocessed) before leaving them out. */
    static final int ATTEMPTS = 5;

    private final DynamoDbClient client;

    UniqueGuardSample(DynamoDbClient client) {
        this.client = client;
    }

    /**
     * @param declaration the adapter, declaring unique fields
     * @param rows        the adapter's sampled rows (no guards)
     * @param total       the table's item count as DynamoDB last reported it (never less than the sample)
     * @param whole       whether the rows are every row of the table
     * @return the unique fields some sampled rows hold without a guard pointing at them, in declaration order
     */
    List<UniqueBackfillNeed> needs(AdapterDeclaration<?> declaration, List<Map<String, AttributeValue>> rows,
            long total, boolean whole) {
        UniqueFields uniques = declaration.uniques();
        KeyModel keys = declaration.keys();
        Map<String, Map<Map<String, AttributeValue>, Map<String, AttributeValue>>> guardKeys = new LinkedHashMap<>();
        Set<Map<String, AttributeValue>> wanted = new LinkedHashSet<>();
        for (String field : uniques.fields()) {
            Map<Map<String, AttributeValue>, Map<String, AttributeValue>> byRow = new LinkedHashMap<>();
            for (Map<String, AttributeValue> row : rows) {
                guardKey(uniques, field, row, keys).ifPresent(key -> {
                    byRow.put(row, key);
                    wanted.add(key);
                });
            }
            guardKeys.put(field, byRow);
        }
        Owners owners = owners(declaration.table(), uniques.ownerAttribute(), keys, List.copyOf(wanted));
        List<UniqueBackfillNeed> needs = new ArrayList<>();
        guardKeys.forEach((field, byRow) -> {
            long unread = byRow.values().stream().filter(owners.unread()::contains).count();
            long unguarded = byRow.entrySet().stream().filter(held -> !owners.unread().contains(held.getValue())
                    && !keys.codec().primaryKeyFromItem(held.getKey()).equals(owners.read().get(held.getValue())))
                    .count();
            long sampled = rows.size() - unread;
            if (unguarded > 0) {
                long estimate = whole && unread == 0 ? unguarded
                        : Math.round((double) unguarded * Math.max(total, sampled) / sampled);
                needs.add(new UniqueBackfillNeed(field, estimate, unguarded, byRow.size() - unread, sampled,
                        whole && unread == 0));
            }
        });
        return needs;
    }

    /** @return the key of the guard of a row's value, or empty when the row holds none or cannot have one */
    private static Optional<Map<String, AttributeValue>> guardKey(UniqueFields uniques, String field,
            Map<String, AttributeValue> row, KeyModel keys) {
        try {
            return uniques.guardKey(field, row, keys);
        } catch (RuntimeException notAGuardableRow) {
            return Optional.empty(); // another adapter's item on a shared table, or a value no guard can hold
        }
    }

    /** Reads the owners of the guards, {@value #KEYS_PER_CALL} keys a call, retrying unprocessed keys. */
    private Owners owners(String table, String ownerAttribute, KeyModel keys,
            List<Map<String, AttributeValue>> guardKeys) {
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> read = new HashMap<>();
        Set<Map<String, AttributeValue>> unread = new LinkedHashSet<>();
        Map<String, String> names = new LinkedHashMap<>();
        List<String> keyNames = keys.primaryKeyNames();
        for (int i = 0; i < keyNames.size(); i++) {
            names.put("#k" + i, keyNames.get(i));
        }
        names.put("#owner", ownerAttribute);
        String projection = String.join(", ", names.keySet());
        for (int from = 0; from < guardKeys.size(); from += KEYS_PER_CALL) {
            List<Map<String, AttributeValue>> pending = guardKeys.subList(from,
                    Math.min(from + KEYS_PER_CALL, guardKeys.size()));
            for (int attempt = 0; attempt < ATTEMPTS && !pending.isEmpty(); attempt++) {
                pause(attempt);
                KeysAndAttributes request = KeysAndAttributes.builder().keys(pending).consistentRead(true)
                        .projectionExpression(projection).expressionAttributeNames(names).build();
                BatchGetItemResponse response = client.batchGetItem(b -> b.requestItems(Map.of(table, request)));
                response.responses().getOrDefault(table, List.of()).forEach(guard -> {
                    Map<String, AttributeValue> key = new LinkedHashMap<>();
                    keyNames.forEach(name -> key.put(name, guard.get(name)));
                    AttributeValue owner = guard.get(ownerAttribute);
                    read.put(key, owner == null ? Map.of() : owner.m());
                });
                KeysAndAttributes left = response.unprocessedKeys().get(table);
                pending = left == null || !left.hasKeys() ? List.of() : left.keys();
            }
            unread.addAll(pending);
        }
        return new Owners(read, unread);
    }

    private static void pause(int attempt) {
        if (attempt == 0) {
            return;
        }
        try {
            Thread.sleep(50L << attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while reading the guards of sampled rows", e);
        }
    }

    /**
     * The guards read.
     *
     * @param read   the owner of each guard found, by guard key (guards not found are absent)
     * @param unread the guard keys left unprocessed
     */
    private record Owners(Map<Map<String, AttributeValue>, Map<String, AttributeValue>> read,
            Set<Map<String, AttributeValue>> unread) {
    }
}
