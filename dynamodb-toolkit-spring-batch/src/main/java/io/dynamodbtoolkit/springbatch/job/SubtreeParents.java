package io.dynamodbtoolkit.springbatch.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.partition.SubtreeKeys;

/**
 * The parent rows of a subtree: the keys of its rows that have a row under them in the subtree (the node's own key
 * when anything lies under it), found from one keys-only read of the subtree ({@link SubtreeKeys}). A key is a parent
 * row's iff the key of some row of the subtree, its last key field dropped, is that key. Only the keys are kept, not
 * whether each parent has a row: whoever reads them finds out.
 */
final class SubtreeParents {

    private SubtreeParents() {
    }

    /** @return the parent keys of the node's subtree, a list per depth, shallowest first */
    static List<List<KeyValues>> byDepth(Adapter<?> adapter, KeyValues node) {
        Map<Integer, Set<KeyValues>> parents = new TreeMap<>();
        SubtreeKeys.forEachUnder(adapter, node, key -> {
            List<Map.Entry<String, Object>> fields = new ArrayList<>(
                    adapter.keys().codec().keyValuesFromPrimaryKey(key).asMap().entrySet());
            Map<String, Object> parent = new LinkedHashMap<>();
            fields.subList(0, fields.size() - 1).forEach(field -> parent.put(field.getKey(), field.getValue()));
            parents.computeIfAbsent(parent.size(), depth -> new LinkedHashSet<>()).add(KeyValues.of(parent));
        });
        return parents.values().stream().map(depth -> (List<KeyValues>) new ArrayList<>(depth)).toList();
    }
}
