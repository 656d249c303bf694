package io.dynamodbtoolkit.sample.web;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Primary keys as the REST API shows them: plain JSON values by attribute name. */
final class Keys {

    private Keys() {
    }

    /** @return the key with plain values, e.g. {@code {state=TX, _sk=TX|Dallas}} */
    static Map<String, Object> plain(Map<String, AttributeValue> key) {
        Map<String, Object> plain = new LinkedHashMap<>();
        key.forEach((name, value) -> plain.put(name, AttributeValues.toJava(value)));
        return plain;
    }

    /** @return the key for a message */
    static String show(Map<String, AttributeValue> key) {
        return plain(key).toString();
    }
}
