package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The created-at batch puts keep when the caller's attributes do not carry the field (a type that does not map it):
 * the stored items', read with a projection of that attribute alone, strongly consistent. (A single replacement
 * reads it the same way: see {@link WritePlanner}.)
 */
final class StoredCreatedAt {

    private final AdapterContext context;
    private final ItemReads reads;

    StoredCreatedAt(AdapterContext context) {
        this.context = context;
        this.reads = new ItemReads(context);
    }

    /**
     * @param inputs the caller's attributes of many items
     * @return for each, the created-at to write: its own, else the stored one (one BatchGetItem per 100 items
     *         lacking it), else the current time; all null when no created-at field is declared
     */
    List<AttributeValue> toWrite(List<Map<String, AttributeValue>> inputs) {
        String field = context.keys().createdAtField().orElse(null);
        List<AttributeValue> createdAts = new ArrayList<>(inputs.size());
        if (field == null) {
            inputs.forEach(input -> createdAts.add(null));
            return createdAts;
        }
        List<Map<String, AttributeValue>> lacking = inputs.stream().filter(input -> !input.containsKey(field))
                .map(context.keys().codec()::primaryKeyFromItem).toList();
        Map<Map<String, AttributeValue>, AttributeValue> stored = new HashMap<>();
        if (!lacking.isEmpty()) {
            List<Map<String, AttributeValue>> found = reads.getAll(lacking, projection(field));
            for (int i = 0; i < lacking.size(); i++) {
                if (found.get(i) != null && found.get(i).get(field) != null) {
                    stored.put(lacking.get(i), found.get(i).get(field));
                }
            }
        }
        AttributeValue now = context.preparer().now();
        for (Map<String, AttributeValue> input : inputs) {
            AttributeValue own = input.get(field);
            createdAts.add(own != null ? own
                    : stored.getOrDefault(context.keys().codec().primaryKeyFromItem(input), now));
        }
        return createdAts;
    }

    /** @return the read of a stored created-at: that attribute alone (and the keys), strongly consistent */
    static ReadOptions projection(String field) {
        return ReadOptions.defaults().withFields(field).consistently();
    }
}
