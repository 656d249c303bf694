package io.dynamodbtoolkit.mass;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Re-parents items: replaces the leading key values {@code from} (e.g. {@code TX, Dallas}) with {@code to}
 * ({@code TX, Austin}, or {@code OK, Dallas} to move a facility under another state) and keeps the rest of each
 * key and every other attribute.
 */
public final class PrefixSwap implements UnaryOperator<Map<String, AttributeValue>> {

    private final KeyModel keys;
    private final Map<String, AttributeValue> from;
    private final Map<String, AttributeValue> to;

    private PrefixSwap(KeyModel keys, Map<String, AttributeValue> from, Map<String, AttributeValue> to) {
        this.keys = keys;
        this.from = from;
        this.to = to;
    }

    /**
     * @throws InvalidKeyException when the two do not name the same key fields (contiguous from the first), or the
     *                             target cannot be a key (e.g. a value holds the separator), before anything is read
     */
    public static PrefixSwap of(KeyModel keys, KeyValues from, KeyValues to) {
        Map<String, AttributeValue> fromValues = keys.codec().keyAttributesFromKeyValues(from);
        Map<String, AttributeValue> toValues = keys.codec().keyAttributesFromKeyValues(to);
        keys.codec().primaryKeyFromKeyValues(to);
        if (!fromValues.keySet().equals(toValues.keySet())) {
            throw new InvalidKeyException("A prefix swap replaces the same key fields: " + fromValues.keySet()
                    + " cannot become " + toValues.keySet());
        }
        if (fromValues.equals(toValues)) {
            throw new InvalidKeyException("A prefix swap from " + from + " to itself changes nothing");
        }
        return new PrefixSwap(keys, fromValues, toValues);
    }

    @Override
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> swapped = new LinkedHashMap<>(item);
        for (Map.Entry<String, AttributeValue> field : from.entrySet()) {
            KeyField keyField = keys.keyField(keys.positionOf(field.getKey()));
            AttributeValue value = item.get(field.getKey());
            if (value == null || !keyField.toAttributeValue(value).equals(field.getValue())) {
                throw new InvalidKeyException("Item " + keys.codec().keyValuesFromItem(item) + " is not under " + from
                        + ", so its prefix cannot be swapped");
            }
            swapped.put(field.getKey(), to.get(field.getKey()));
        }
        return swapped;
    }

    /** @return the key attributes of the prefix replaced */
    Map<String, AttributeValue> from() {
        return from;
    }

    /** @return the key attributes of the prefix put in its place */
    Map<String, AttributeValue> to() {
        return to;
    }

    @Override
    public String toString() {
        return "swap " + from + " -> " + to;
    }
}
