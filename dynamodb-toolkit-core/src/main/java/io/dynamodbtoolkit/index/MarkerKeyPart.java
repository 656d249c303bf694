package io.dynamodbtoolkit.index;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A marker attribute the toolkit writes on the members of a sparse index ({@code _stateMarker = "Y"}), and
 * removes from items that stop being members. With {@code shards > 1} the value carries a stable hash shard of
 * the {@code shardBy} fields ({@code Y#0} .. {@code Y#15}), so one tier's members spread over several index
 * partitions; listing the tier then fans out one query per shard and merges them in order.
 *
 * @param attribute the marker attribute
 * @param value     the marker value (or its prefix when sharded)
 * @param shards    how many shards, 1 for none
 * @param shardBy   the fields hashed to choose a shard (in order); empty when not sharded
 */
public record MarkerKeyPart(String attribute, String value, int shards, List<String> shardBy)
        implements IndexKeyPart {

    /** Between a sharded marker's value and its shard number. */
    public static final String SHARD_SEPARATOR = "#";

    public MarkerKeyPart {
        shardBy = List.copyOf(shardBy);
        if (shards < 1) {
            throw new IllegalArgumentException("A marker needs at least 1 shard, not " + shards);
        }
        if (shards > 1 && shardBy.isEmpty()) {
            throw new IllegalArgumentException("A sharded marker needs the fields to hash (shardBy), e.g. the key "
                    + "fields, so that each item keeps a stable shard");
        }
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("A marker needs a non-empty value");
        }
    }

    /** @return a constant marker */
    public static MarkerKeyPart of(String attribute, String value) {
        return new MarkerKeyPart(attribute, value, 1, List.of());
    }

    /** @return a marker sharded by a stable hash of {@code shardBy} into {@code shards} values */
    public static MarkerKeyPart sharded(String attribute, String value, int shards, List<String> shardBy) {
        return new MarkerKeyPart(attribute, value, shards, shardBy);
    }

    /** @return whether the marker is sharded */
    public boolean isSharded() {
        return shards > 1;
    }

    /** @return every value the marker takes: one, or one per shard */
    public List<String> allValues() {
        if (!isSharded()) {
            return List.of(value);
        }
        List<String> values = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
            values.add(value + SHARD_SEPARATOR + shard);
        }
        return values;
    }

    @Override
    public List<KeyAttribute> keyAttributes() {
        return List.of(new KeyAttribute(attribute, ScalarAttributeType.S));
    }

    @Override
    public boolean isDerived() {
        return true;
    }

    @Override
    public Set<String> sourceFields() {
        return new LinkedHashSet<>(shardBy);
    }

    @Override
    public Optional<Map<String, AttributeValue>> valuesFor(Map<String, AttributeValue> item) {
        String marker = isSharded() ? value + SHARD_SEPARATOR + shardOf(item) : value;
        return Optional.of(Map.of(attribute, AttributeValue.fromS(marker)));
    }

    /** The shard of an item: FNV-1a over the shardBy values, stable across processes and versions. */
    int shardOf(Map<String, AttributeValue> item) {
        int hash = 0x811c9dc5;
        for (String field : shardBy) {
            AttributeValue fieldValue = item.get(field);
            String text = fieldValue == null ? "" : fieldValue.s() != null ? fieldValue.s()
                    : fieldValue.n() != null ? fieldValue.n()
                    : HexFormat.of().formatHex(fieldValue.b().asByteArrayUnsafe());
            for (byte b : (text + '\u0000').getBytes(StandardCharsets.UTF_8)) {
                hash ^= b & 0xff;
                hash *= 0x01000193;
            }
        }
        return Integer.remainderUnsigned(hash, shards);
    }
}
