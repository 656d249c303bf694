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
     * @return the plan giving, for each, the created-at to write: its own, else the stored one (one BatchGetItem per
     *         100 items lacking it), else the current time; all null when no created-at field is declared
     */
    BatchStep<List<AttributeValue>> toWrite(List<Map<String, AttributeValue>> inputs) {
        String field = context.keys().createdAtField().orElse(null);
        if (field == null) {
            List<AttributeValue> none = new ArrayList<>(inputs.size());
            inputs.forEach(input -> none.add(null));
            return BatchStep.done(none);
        }
        List<Map<String, AttributeValue>> lacking = inputs.stream().filter(input -> !input.containsKey(field))
                .map(context.keys().codec()::primaryKeyFromItem).toList();
        if (lacking.isEmpty()) {
            return BatchStep.done(createdAts(inputs, field, Map.of()));
        }
        return reads.getAllPlan(lacking, projection(field)).then(found -> {
            Map<Map<String, AttributeValue>, AttributeValue> stored = new HashMap<>();
            for (int i = 0; i < lacking.size(); i++) {
                if (found.get(i) != null && found.get(i).get(field) != null) {
                    stored.put(lacking.get(i), found.get(i).get(field));
                }
            }
            return BatchStep.done(createdAts(inputs, field, stored));
        });
    }

    private List<AttributeValue> createdAts(List<Map<String, AttributeValue>> inputs, String field,
            Map<Map<String, AttributeValue>, AttributeValue> stored) {
        List<AttributeValue> createdAts = new ArrayList<>(inputs.size());
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
