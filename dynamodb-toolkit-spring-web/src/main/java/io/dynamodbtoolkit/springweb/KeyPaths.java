package io.dynamodbtoolkit.springweb;

import java.math.BigDecimal;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;

/** Key values from path segments or names, typed by the key design's fields (numbers, base64 binaries). */
final class KeyPaths {

    private KeyPaths() {
    }

    /**
     * @param keys   the adapter's key design
     * @param values the values of the leading key fields, in order
     * @return the key values
     * @throws RestRequestException 404 when there are more values than key fields, 400 for a value its field's type
     *                              cannot hold
     */
    static KeyValues of(KeyModel keys, List<String> values) {
        List<KeyField> fields = keys.keyFields();
        if (values.size() > fields.size()) {
            throw RestRequestException.noRoute("The key has " + fields.size() + " fields ("
                    + String.join(", ", fields.stream().map(KeyField::name).toList()) + "), but the path gives "
                    + values.size() + " values");
        }
        Map<String, Object> typed = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            typed.put(fields.get(i).name(), typed(fields.get(i), values.get(i)));
        }
        return KeyValues.of(typed);
    }

    /** @return the values of a key written as one name, its values joined by {@code /} (as in a path) */
    static KeyValues ofName(KeyModel keys, String name) {
        return of(keys, List.of(name.split("/", -1)));
    }

    /** @return a value of a key field from its text */
    static Object typed(KeyField field, String value) {
        switch (field.type()) {
            case NUMBER:
                try {
                    return new BigDecimal(value);
                } catch (NumberFormatException e) {
                    throw RestRequestException.badRequest("The key field '" + field.name() + "' is a number, not '"
                            + abbreviated(value) + "'");
                }
            case BINARY:
                try {
                    return Base64.getUrlDecoder().decode(value);
                } catch (IllegalArgumentException e) {
                    throw RestRequestException.badRequest("The key field '" + field.name() + "' is binary, written "
                            + "in URL-safe base64, not '" + abbreviated(value) + "'");
                }
            default:
                if (value.isEmpty()) {
                    throw RestRequestException.badRequest("The key field '" + field.name() + "' cannot be empty");
                }
                return value;
        }
    }

    /** @return a value short enough to quote in a message */
    static String abbreviated(String value) {
        return value.length() <= 64 ? value : value.substring(0, 64) + "...";
    }
}
