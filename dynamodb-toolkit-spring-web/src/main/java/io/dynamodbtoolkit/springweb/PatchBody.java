package io.dynamodbtoolkit.springweb;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;

/**
 * A patch body as the original toolkit parses it: every field not starting with the meta prefix is a value to set,
 * {@code <prefix>delete} lists the fields to remove. Key fields cannot be patched (a new key is a move); an unknown
 * directive is refused rather than dropped.
 */
final class PatchBody {

    private PatchBody() {
    }

    /**
     * @param body       the body's fields
     * @param key        the path's key
     * @param keys       the key design
     * @param metaPrefix what starts a directive
     * @return the changes: name to value, null to remove
     * @throws RestRequestException 400 for a key field, a malformed or unknown directive, or nothing to change
     */
    static Map<String, Object> parse(Map<String, Object> body, KeyValues key, KeyModel keys, String metaPrefix) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (Map.Entry<String, Object> field : body.entrySet()) {
            String name = field.getKey();
            if (name.startsWith(metaPrefix)) {
                if (!name.equals(metaPrefix + "delete")) {
                    throw RestRequestException.badRequest("Unknown patch directive '" + KeyPaths.abbreviated(name)
                            + "'; the directive is '" + metaPrefix + "delete': [fields to remove]");
                }
                if (!(field.getValue() instanceof List<?> removed)
                        || !removed.stream().allMatch(String.class::isInstance)) {
                    throw RestRequestException.badRequest("'" + name + "' must be an array of field names");
                }
                removed.forEach(removedName -> changes.put((String) removedName, null));
            } else if (keys.positionOf(name) >= 0) {
                if (!String.valueOf(field.getValue()).equals(String.valueOf(key.get(name)))) {
                    throw RestRequestException.badRequest("The key field '" + name + "' cannot be patched: a new key "
                            + "is a move (PUT .../-move)");
                }
            } else {
                changes.put(name, field.getValue());
            }
        }
        if (changes.isEmpty()) {
            throw RestRequestException.badRequest("The patch changes nothing: give fields to set or '" + metaPrefix
                    + "delete'");
        }
        return changes;
    }
}
