package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The ExpressionAttributeNames and ExpressionAttributeValues of one request, shared by all its expressions, with a
 * record of which placeholders the expressions used so that unused ones are rejected as DynamoDB rejects them.
 */
public final class ExpressionAttributes {

    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Set<String> usedNames = new LinkedHashSet<>();
    private final Set<String> usedValues = new LinkedHashSet<>();

    /**
     * @param names  ExpressionAttributeNames, or {@code null} when the request has none
     * @param values ExpressionAttributeValues, or {@code null} when the request has none
     */
    public ExpressionAttributes(@Nullable Map<String, String> names, @Nullable Map<String, AttributeValue> values) {
        this.names = names == null ? Map.of() : new LinkedHashMap<>(names);
        this.values = values == null ? Map.of() : new LinkedHashMap<>(values);
        if (names != null && names.isEmpty()) {
            throw DynamoDbException.validation("ExpressionAttributeNames must not be empty");
        }
        if (values != null && values.isEmpty()) {
            throw DynamoDbException.validation("ExpressionAttributeValues must not be empty");
        }
        for (String key : this.names.keySet()) {
            if (!isPlaceholder(key, '#')) {
                throw DynamoDbException.validation(
                        "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
        for (String key : this.values.keySet()) {
            if (!isPlaceholder(key, ':')) {
                throw DynamoDbException.validation(
                        "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
    }

    /** No names and no values. */
    public static ExpressionAttributes none() {
        return new ExpressionAttributes(null, null);
    }

    private static boolean isPlaceholder(String key, char prefix) {
        if (key.length() < 2 || key.charAt(0) != prefix) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            if (!Tokenizer.isNameChar(key.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    String name(String placeholder, ExpressionKind kind) {
        String name = names.get(placeholder);
        if (name == null) {
            throw DynamoDbException.validation("Invalid " + kind.parameterName()
                    + ": An expression attribute name used in the document path is not defined; attribute name: "
                    + placeholder);
        }
        usedNames.add(placeholder);
        return name;
    }

    AttributeValue value(String placeholder, ExpressionKind kind) {
        AttributeValue value = values.get(placeholder);
        if (value == null) {
            throw DynamoDbException.validation("Invalid " + kind.parameterName()
                    + ": An expression attribute value used in expression is not defined; attribute value: "
                    + placeholder);
        }
        usedValues.add(placeholder);
        return value;
    }

    /** Fails when a name or value placeholder was given but no expression of the request used it. */
    public void checkAllUsed() {
        Set<String> unusedNames = new LinkedHashSet<>(names.keySet());
        unusedNames.removeAll(usedNames);
        if (!unusedNames.isEmpty()) {
            throw DynamoDbException.validation("Value provided in ExpressionAttributeNames unused in expressions: "
                    + "keys: {"
                    + String.join(", ", unusedNames) + "}");
        }
        Set<String> unusedValues = new LinkedHashSet<>(values.keySet());
        unusedValues.removeAll(usedValues);
        if (!unusedValues.isEmpty()) {
            throw DynamoDbException.validation("Value provided in ExpressionAttributeValues unused in expressions: "
                    + "keys: {"
                    + String.join(", ", unusedValues) + "}");
        }
    }
}
