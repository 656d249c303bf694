package io.dynamodbtoolkit.key;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Values of some key fields by name: a full key, or the prefix of one that addresses a subtree
 * ({@code state=TX, facility=Dallas}). Order of insertion does not matter; the {@link KeyModel} checks that
 * the fields are contiguous from the first key field. Values are Java values ({@code String}, numbers,
 * {@code byte[]}) or {@code AttributeValue}s.
 */
public final class KeyValues {

    private final Map<String, Object> values;

    private KeyValues(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** @return key values from a map of field name to value; null values are treated as absent */
    public static KeyValues of(Map<String, ?> values) {
        Map<String, Object> copy = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (value != null) {
                copy.put(Objects.requireNonNull(name, "field name"), value);
            }
        });
        return new KeyValues(copy);
    }

    /** @return key values over a map of non-null values that nobody else holds (no copy) */
    static KeyValues wrap(Map<String, Object> ownedValues) {
        return new KeyValues(ownedValues);
    }

    /** @return key values with one field */
    public static KeyValues of(String field, Object value) {
        return empty().and(field, value);
    }

    /** @return key values with two fields */
    public static KeyValues of(String field1, Object value1, String field2, Object value2) {
        return of(field1, value1).and(field2, value2);
    }

    /** @return key values with three fields */
    public static KeyValues of(String field1, Object value1, String field2, Object value2, String field3,
            Object value3) {
        return of(field1, value1, field2, value2).and(field3, value3);
    }

    /** @return no key values */
    public static KeyValues empty() {
        return new KeyValues(new LinkedHashMap<>());
    }

    /** @return a copy with one more field (replacing an earlier value of the same field) */
    public KeyValues and(String field, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(Objects.requireNonNull(field, "field name"), Objects.requireNonNull(value, "value of " + field));
        return new KeyValues(copy);
    }

    /** @return the value of a field, or null */
    public @Nullable Object get(String field) {
        return values.get(field);
    }

    /** @return whether a value is given for the field */
    public boolean has(String field) {
        return values.containsKey(field);
    }

    /** @return the values by field name, unmodifiable */
    public Map<String, Object> asMap() {
        return values;
    }

    /** @return the number of fields given */
    public int size() {
        return values.size();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyValues that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
