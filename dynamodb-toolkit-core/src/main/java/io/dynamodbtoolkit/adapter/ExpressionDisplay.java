package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Renders an expression for people, with its placeholders replaced by the names and values they stand for
 * ({@code state = "TX" AND begins_with(_sk, "TX|Dallas|")}). For diagnostics and demos only: what is sent
 * always keeps the placeholders.
 */
final class ExpressionDisplay {

    private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

    private ExpressionDisplay() {
    }

    static @Nullable String show(@Nullable String expression, @Nullable Map<String, String> names,
            @Nullable Map<String, AttributeValue> values) {
        if (expression == null) {
            return null;
        }
        Matcher matcher = PLACEHOLDER.matcher(expression);
        StringBuilder shown = new StringBuilder();
        while (matcher.find()) {
            String token = matcher.group();
            String replacement = token;
            if (token.startsWith("#") && names != null && names.containsKey(token)) {
                replacement = names.get(token);
            } else if (token.startsWith(":") && values != null && values.containsKey(token)) {
                replacement = AttributeValues.show(values.get(token));
            }
            matcher.appendReplacement(shown, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(shown);
        return shown.toString();
    }
}
