package io.dynamodbtoolkit.batch;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The size DynamoDB counts for an item: attribute names plus values (UTF-8 strings, numbers at about one byte
 * per two digits plus one, binary as is, 1 byte for booleans and nulls, 3 bytes of overhead per list or map
 * plus one byte per element). Used to refuse oversized writes before they are sent.
 */
public final class ItemSize {

    private ItemSize() {
    }

    /** @return the size of an item (or key) in bytes */
    public static long of(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + of(attribute.getValue());
        }
        return size;
    }

    /** @return the size of one attribute value in bytes */
    public static long of(AttributeValue value) {
        if (value.s() != null) {
            return utf8(value.s());
        }
        if (value.n() != null) {
            return number(value.n());
        }
        if (value.b() != null) {
            return value.b().asByteArrayUnsafe().length;
        }
        if (value.bool() != null || value.nul() != null) {
            return 1;
        }
        if (value.hasSs()) {
            return value.ss().stream().mapToLong(ItemSize::utf8).sum();
        }
        if (value.hasNs()) {
            return value.ns().stream().mapToLong(ItemSize::number).sum();
        }
        if (value.hasBs()) {
            return value.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
        }
        if (value.hasL()) {
            return 3 + value.l().stream().mapToLong(element -> 1 + of(element)).sum();
        }
        if (value.hasM()) {
            return 3 + value.m().entrySet().stream()
                    .mapToLong(entry -> 1 + utf8(entry.getKey()) + of(entry.getValue())).sum();
        }
        return 0;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static long number(String digits) {
        long significant = digits.chars().filter(Character::isDigit).count();
        return (significant + 1) / 2 + 1;
    }
}
