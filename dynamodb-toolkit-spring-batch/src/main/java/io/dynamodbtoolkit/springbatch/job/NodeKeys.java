package io.dynamodbtoolkit.springbatch.job;

import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;

/**
 * A node's key as a job parameter writes it: the leading key fields of the key design as {@code field=value} pairs
 * separated by commas ({@code state=TX,city=Dallas}), each value percent-encoded where it holds a comma, an equals
 * sign or a percent sign; numbers as decimals, binaries in URL-safe base64. Checked against the key design as a call
 * with these values would be (known fields, contiguous from the first, components the structural key can hold).
 */
final class NodeKeys {

    private NodeKeys() {
    }

    /**
     * @param keys      the adapter's key design
     * @param parameter the parameter's name, for the messages
     * @param text      the parameter's value
     * @return the key values
     * @throws IllegalArgumentException naming the parameter when the text does not fit the key design
     */
    static KeyValues parse(KeyModel keys, String parameter, String text) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (String pair : text.split(",", -1)) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw bad(parameter, text, "'" + pair + "' is not field=value; the key fields are " + names(keys));
            }
            String field = pair.substring(0, equals).strip();
            int position = keys.positionOf(field);
            if (position < 0) {
                throw bad(parameter, text, "'" + field + "' is not a key field; the key fields are " + names(keys));
            }
            if (values.containsKey(field)) {
                throw bad(parameter, text, "'" + field + "' is given twice");
            }
            values.put(field, typed(keys.keyField(position), parameter, text, decoded(parameter, text,
                    pair.substring(equals + 1))));
        }
        KeyValues key = KeyValues.of(values);
        try {
            keys.codec().primaryKeyFromKeyValues(key);
        } catch (InvalidKeyException e) {
            throw bad(parameter, text, String.valueOf(e.getMessage()));
        }
        return key;
    }

    private static String decoded(String parameter, String text, String value) {
        try {
            return URLDecoder.decode(value.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw bad(parameter, text, "a value is not percent-encoded correctly (" + e.getMessage() + ")");
        }
    }

    private static Object typed(KeyField field, String parameter, String text, String value) {
        switch (field.type()) {
            case NUMBER:
                try {
                    return new BigDecimal(value);
                } catch (NumberFormatException e) {
                    throw bad(parameter, text, "the key field '" + field.name() + "' is a number, not '" + value
                            + "'");
                }
            case BINARY:
                try {
                    return Base64.getUrlDecoder().decode(value);
                } catch (IllegalArgumentException e) {
                    throw bad(parameter, text, "the key field '" + field.name() + "' is binary, in URL-safe base64, "
                            + "not '" + value + "'");
                }
            default:
                if (value.isEmpty()) {
                    throw bad(parameter, text, "the key field '" + field.name() + "' cannot be empty");
                }
                return value;
        }
    }

    private static String names(KeyModel keys) {
        return keys.keyFields().stream().map(KeyField::name).collect(Collectors.joining(", ", "(", ")"));
    }

    private static IllegalArgumentException bad(String parameter, String text, String problem) {
        return new IllegalArgumentException("The job parameter '" + parameter + "' (" + text + ") does not fit the "
                + "key design: " + problem);
    }
}
