package io.dynamodbtoolkit.springbatch.item;

import java.math.BigDecimal;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A key (string, number and binary attributes) as one plain string, for an execution context that holds only strings
 * and numbers: {@code name=S:value&name=N:12&name=B:base64}, names and values URL-encoded, attributes in name order.
 * Readable by an operator looking at the job repository, and exact both ways. The readers keep their positions in
 * this form, and the partitioners their nodes.
 */
public final class KeyText {

    private KeyText() {
    }

    /**
     * @param key  a key or an item
     * @param name the name of one of its string attributes (e.g. the structural sort key)
     * @return that attribute's value
     * @throws IllegalArgumentException when the key holds no string attribute of that name
     */
    public static String stringAttribute(Map<String, AttributeValue> key, String name) {
        AttributeValue value = key.get(name);
        if (value == null || value.s() == null) {
            throw new IllegalArgumentException("The key " + key.keySet() + " holds no string attribute '" + name
                    + "'");
        }
        return value.s();
    }

    /** @return the key as text */
    public static String encode(Map<String, AttributeValue> key) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(key).forEach((name, value) -> {
            if (!text.isEmpty()) {
                text.append('&');
            }
            text.append(URLEncoder.encode(name, StandardCharsets.UTF_8)).append('=').append(typed(name, value));
        });
        return text.toString();
    }

    /**
     * @return the key the text holds
     * @throws IllegalArgumentException when the text is not a key written by {@link #encode}
     */
    public static Map<String, AttributeValue> decode(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("the key is empty");
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String part : text.split("&", -1)) {
            int equals = part.indexOf('=');
            if (equals < 1 || part.length() < equals + 3 || part.charAt(equals + 2) != ':') {
                throw new IllegalArgumentException("'" + part + "' is not name=TYPE:value");
            }
            String name = URLDecoder.decode(part.substring(0, equals), StandardCharsets.UTF_8);
            String value = URLDecoder.decode(part.substring(equals + 3), StandardCharsets.UTF_8);
            AttributeValue attribute = switch (part.charAt(equals + 1)) {
                case 'S' -> AttributeValue.fromS(value);
                case 'N' -> AttributeValue.fromN(requireNumber(name, value));
                case 'B' -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(value)));
                default -> throw new IllegalArgumentException("attribute '" + name + "' has type '"
                        + part.charAt(equals + 1) + "'; a key holds S, N or B");
            };
            if (key.put(name, attribute) != null) {
                throw new IllegalArgumentException("attribute '" + name + "' appears twice");
            }
        }
        return key;
    }

    /**
     * @return the order of two string key values as DynamoDB sorts them: by the unsigned bytes of their UTF-8 form
     *         (not Java's UTF-16 order, which differs for characters beyond the basic plane)
     */
    public static int compare(String left, String right) {
        return Arrays.compareUnsigned(left.getBytes(StandardCharsets.UTF_8), right.getBytes(StandardCharsets.UTF_8));
    }

    private static String typed(String name, AttributeValue value) {
        if (value.s() != null) {
            return "S:" + URLEncoder.encode(value.s(), StandardCharsets.UTF_8);
        }
        if (value.n() != null) {
            return "N:" + URLEncoder.encode(value.n(), StandardCharsets.UTF_8);
        }
        if (value.b() != null) {
            return "B:" + URLEncoder.encode(Base64.getEncoder().encodeToString(value.b().asByteArray()),
                    StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException("key attribute '" + name + "' is not a string, number or binary");
    }

    private static String requireNumber(String name, String value) {
        try {
            new BigDecimal(value);
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("attribute '" + name + "' is N but '" + value + "' is no number", e);
        }
    }
}
