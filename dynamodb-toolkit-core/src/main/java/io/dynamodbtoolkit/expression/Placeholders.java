package io.dynamodbtoolkit.expression;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The placeholder allocator for one request: every attribute name becomes an expression attribute name
 * ({@code #n0}, {@code #n1}, ...) and every value an expression attribute value ({@code :v0}, ...), so nothing
 * a user supplies is ever concatenated into an expression string.
 *
 * <p>The same name always gets the same placeholder, and so does an identical value. Use one instance for
 * all the expressions of one request (key condition, filter, projection, condition, update) and hand
 * {@link #names()} and {@link #values()} to the request; {@link ExpressionRequest} does exactly that.
 *
 * <p>Allocation happens only while rendering, so every placeholder in the maps is used by some rendered
 * expression: DynamoDB rejects unused ones. Not thread-safe: one instance serves one request.
 */
public final class Placeholders {

    private final Map<String, String> placeholderByName = new HashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<AttributeValue, String> placeholderByValue = new HashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /**
     * The placeholder of an attribute name (or map key), allocating one on first use.
     *
     * @param attributeName the name, taken literally
     * @return e.g. {@code #n0}
     */
    public String name(String attributeName) {
        if (attributeName == null || attributeName.isEmpty()) {
            throw new IllegalArgumentException("An attribute name cannot be null or empty");
        }
        return placeholderByName.computeIfAbsent(attributeName, name -> {
            String placeholder = "#n" + names.size();
            names.put(placeholder, name);
            return placeholder;
        });
    }

    /**
     * A document path written with name placeholders, e.g. {@code #n0.#n1[2]}.
     *
     * @param path the path
     * @return the path text for an expression
     */
    public String path(AttributePath path) {
        StringBuilder text = new StringBuilder();
        for (AttributePath.Segment segment : path.segments()) {
            if (segment instanceof AttributePath.Name name) {
                if (text.length() > 0) {
                    text.append('.');
                }
                text.append(name(name.name()));
            } else {
                text.append('[').append(((AttributePath.Index) segment).index()).append(']');
            }
        }
        return text.toString();
    }

    /**
     * The placeholder of a value, allocating one on first use; identical values share one.
     *
     * @param value the value
     * @return e.g. {@code :v0}
     */
    public String value(AttributeValue value) {
        if (value == null) {
            throw new IllegalArgumentException("Use AttributeValues.toAttributeValue(null) for a NULL value");
        }
        return placeholderByValue.computeIfAbsent(value, v -> {
            String placeholder = ":v" + values.size();
            values.put(placeholder, v);
            return placeholder;
        });
    }

    /**
     * The placeholder of a Java value converted with {@link AttributeValues#toAttributeValue(Object)}.
     *
     * @param javaValue the value, may be {@code null} (the NULL type)
     * @return e.g. {@code :v0}
     */
    public String value(Object javaValue) {
        return value(AttributeValues.toAttributeValue(javaValue));
    }

    /**
     * The expression attribute names allocated so far.
     *
     * @return an unmodifiable copy, or {@code null} when no name was allocated: DynamoDB rejects an empty
     *         ExpressionAttributeNames map, so pass this result as it is
     */
    public @Nullable Map<String, String> names() {
        return names.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(names));
    }

    /**
     * The expression attribute values allocated so far.
     *
     * @return an unmodifiable copy, or {@code null} when no value was allocated: DynamoDB rejects an empty
     *         ExpressionAttributeValues map, so pass this result as it is
     */
    public @Nullable Map<String, AttributeValue> values() {
        return values.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
