package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.BinaryValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.CanonicalNumbers;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The partition key values of an item, with a stable 32-bit hash. Partitions are ordered by hash first, as
 * DynamoDB spreads them over its key space, which gives Scan its (stable, unspecified) order and lets parallel
 * scan segments split the hash range.
 */
final class PartitionKey implements Comparable<PartitionKey> {

    private final KeyTuple values;
    private final int hash;

    private PartitionKey(KeyTuple values, int hash) {
        this.values = values;
        this.hash = hash;
    }

    static PartitionKey of(List<AttributeValue> values) {
        long h = 0xcbf29ce484222325L;
        for (AttributeValue value : values) {
            byte[] bytes = bytesOf(value);
            h = (h ^ value.type().ordinal()) * 0x100000001b3L;
            for (byte b : bytes) {
                h = (h ^ (b & 0xff)) * 0x100000001b3L;
            }
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return new PartitionKey(KeyTuple.of(values), (int) (h >>> 32));
    }

    private static byte[] bytesOf(AttributeValue value) {
        if (value instanceof StringValue s) {
            return s.value().getBytes(StandardCharsets.UTF_8);
        }
        if (value instanceof NumberValue n) {
            return CanonicalNumbers.format(n.value()).getBytes(StandardCharsets.US_ASCII);
        }
        return ((BinaryValue) value).value().toArray();
    }

    KeyTuple values() {
        return values;
    }

    /** The parallel-scan segment (of {@code totalSegments}) this partition belongs to. */
    int segment(int totalSegments) {
        return (int) (((hash & 0xffffffffL) * totalSegments) >>> 32);
    }

    @Override
    public int compareTo(PartitionKey other) {
        int cmp = Integer.compareUnsigned(hash, other.hash);
        return cmp != 0 ? cmp : values.compareTo(other.values);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PartitionKey key && hash == key.hash && values.equals(key.values);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
