package io.dynamodbtoolkit.embedded.engine;

/**
 * One KeySchemaElement of a request: an attribute name and {@code HASH} or {@code RANGE}.
 *
 * @param attributeName the attribute
 * @param keyType       {@code HASH} or {@code RANGE}
 */
public record KeyElement(String attributeName, String keyType) {
}
