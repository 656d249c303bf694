package io.dynamodbtoolkit.key;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A string attribute composed of several key fields joined by a separator, such as the structural key
 * {@code TX|Dallas|1HGC...} or a composite index key. Components are written most significant first, so a
 * prefix of components is a {@code begins_with} prefix of the attribute, and numbers are zero-padded so that
 * the attribute sorts like its components.
 */
public final class CompositeKey {

    /** The default separator. */
    public static final String DEFAULT_SEPARATOR = "|";

    private final String attributeName;
    private final List<KeyField> components;
    private final String separator;

    /**
     * @param attributeName the attribute holding the composite value
     * @param components    the fields composed, most significant first
     * @param separator     the string between components
     */
    public CompositeKey(String attributeName, List<KeyField> components, String separator) {
        this.attributeName = Objects.requireNonNull(attributeName, "attributeName");
        this.components = List.copyOf(components);
        this.separator = Objects.requireNonNull(separator, "separator");
    }

    /** @return the attribute holding the composite value */
    public String attributeName() {
        return attributeName;
    }

    /** @return the fields composed, most significant first */
    public List<KeyField> components() {
        return components;
    }

    /** @return the string between components */
    public String separator() {
        return separator;
    }

    /**
     * Composes the value from the first {@code values.size()} components.
     *
     * @param values values of a contiguous prefix of the components, in order; at least one
     * @return e.g. {@code TX|Dallas}
     * @throws InvalidKeyException when a value cannot be a component (see {@link KeyValueCodec})
     */
    public String compose(List<?> values) {
        if (values.isEmpty() || values.size() > components.size()) {
            throw new IllegalArgumentException("Expected 1 to " + components.size() + " component values for '"
                    + attributeName + "' but got " + values.size());
        }
        StringBuilder composed = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                composed.append(separator);
            }
            composed.append(encodeComponent(i, values.get(i)));
        }
        return composed.toString();
    }

    /**
     * Encodes one value as the component at {@code position}.
     *
     * @throws InvalidKeyException when the value cannot be a component
     */
    public String encodeComponent(int position, Object value) {
        return KeyValueCodec.toComponent(components.get(position), value, separator);
    }

    /**
     * Splits a composed value back into its components' attribute values.
     *
     * @throws InvalidKeyException when the value has more components than declared
     */
    public List<AttributeValue> decompose(String value) {
        List<AttributeValue> values = new ArrayList<>(components.size());
        int start = 0;
        while (true) {
            if (values.size() == components.size()) {
                throw new InvalidKeyException("'" + attributeName + "' value \"" + value + "\" has more than "
                        + components.size() + " components");
            }
            int end = value.indexOf(separator, start);
            String component = end < 0 ? value.substring(start) : value.substring(start, end);
            values.add(KeyValueCodec.fromComponent(components.get(values.size()), component));
            if (end < 0) {
                return values;
            }
            start = end + separator.length();
        }
    }
}
