package io.dynamodbtoolkit.embedded.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * The key schema of a table or index: one or more partition (HASH) attributes and zero or more sort (RANGE)
 * attributes. Tables and local indexes have at most one of each; global indexes up to four of each
 * (multi-attribute keys).
 */
public record KeySchema(List<KeyAttributeDefinition> hashKeys, List<KeyAttributeDefinition> rangeKeys) {

    public KeySchema {
        hashKeys = List.copyOf(hashKeys);
        rangeKeys = List.copyOf(rangeKeys);
    }

    /** Every key attribute, partition attributes first. */
    public List<KeyAttributeDefinition> all() {
        List<KeyAttributeDefinition> all = new ArrayList<>(hashKeys);
        all.addAll(rangeKeys);
        return all;
    }

    public List<String> attributeNames() {
        List<String> names = new ArrayList<>();
        for (KeyAttributeDefinition attribute : all()) {
            names.add(attribute.name());
        }
        return names;
    }

    public boolean contains(String attributeName) {
        for (KeyAttributeDefinition attribute : all()) {
            if (attribute.name().equals(attributeName)) {
                return true;
            }
        }
        return false;
    }
}
