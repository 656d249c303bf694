package io.dynamodbtoolkit.key;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A subtree of a hierarchical key as a value object: the rows under a node ({@link #children}), the node and
 * its rows ({@link #selfAndDescendants}), or the rows whose next-tier value starts with a prefix
 * ({@link #partial}). {@link #plan(KeyModel)} turns it into a key-condition seek, never a filter.
 */
public final class SubtreeQuery {

    private final SubtreeShape shape;
    private final KeyValues node;
    private final @Nullable String partialField;
    private final @Nullable String partialPrefix;

    private SubtreeQuery(SubtreeShape shape, KeyValues node, @Nullable String partialField,
            @Nullable String partialPrefix) {
        this.shape = shape;
        this.node = Objects.requireNonNull(node, "key values");
        this.partialField = partialField;
        this.partialPrefix = partialPrefix;
    }

    /** @return the rows under the node addressed by {@code node}, not the node itself */
    public static SubtreeQuery children(KeyValues node) {
        return new SubtreeQuery(SubtreeShape.CHILDREN, node, null, null);
    }

    /** @return the node addressed by {@code node} and every row under it, exactly */
    public static SubtreeQuery selfAndDescendants(KeyValues node) {
        return new SubtreeQuery(SubtreeShape.SELF_AND_DESCENDANTS, node, null, null);
    }

    /** @return the rows under {@code parent} whose next-tier value starts with {@code prefix}, and their subtrees */
    public static SubtreeQuery partial(KeyValues parent, String prefix) {
        return new SubtreeQuery(SubtreeShape.PARTIAL, parent, null, Objects.requireNonNull(prefix, "prefix"));
    }

    /**
     * Like {@link #partial(KeyValues, String)} but naming the tier the prefix applies to, which must be the
     * tier right after {@code parent}; giving that tier a value in {@code parent} as well is ambiguous and
     * rejected.
     */
    public static SubtreeQuery partial(KeyValues parent, String field, String prefix) {
        return new SubtreeQuery(SubtreeShape.PARTIAL, parent, Objects.requireNonNull(field, "field"),
                Objects.requireNonNull(prefix, "prefix"));
    }

    /** @return the shape */
    public SubtreeShape shape() {
        return shape;
    }

    /** @return the node (for a partial: the parent) */
    public KeyValues node() {
        return node;
    }

    /** @return the partial prefix, or null */
    public @Nullable String partialPrefix() {
        return partialPrefix;
    }

    /** @return the same query on other key values (e.g. the node as the store holds it) */
    public SubtreeQuery withNode(KeyValues other) {
        return new SubtreeQuery(shape, other, partialField, partialPrefix);
    }

    /**
     * Composes the seek for this subtree under a key model.
     *
     * @throws InvalidKeyException when the partition value is missing, values have a gap or cannot be encoded,
     *                             a partial is combined with a value for its tier, or self / partial is asked
     *                             of a key that has no tiers
     */
    public SubtreePlan plan(KeyModel model) {
        List<Object> values = model.codec().orderedValuesFromKeyValues(node);
        if (values.isEmpty()) {
            throw model.missingPartition();
        }
        String partitionName = model.partitionField().name();
        AttributeValue partitionValue = KeyValueCodec.toAttributeValue(model.partitionField(), values.get(0));
        return switch (shape) {
            case CHILDREN -> planChildren(model, values, partitionName, partitionValue);
            case SELF_AND_DESCENDANTS -> planSelf(model, values, partitionName, partitionValue);
            case PARTIAL -> planPartial(model, values, partitionName, partitionValue);
        };
    }

    private SubtreePlan planChildren(KeyModel model, List<Object> values, String partitionName,
            AttributeValue partitionValue) {
        CompositeKey structural = model.structuralKey().orElse(null);
        if (structural == null) {
            if (values.size() > 1) {
                throw new InvalidKeyException("Rows under a full key are asked for, but key " + model
                        + " has no tiers below '" + model.keyField(values.size() - 1).name()
                        + "': declare a structuralKey for hierarchical keys, or read the item by its key.");
            }
            return new SubtreePlan(partitionName, partitionValue, null, null, null);
        }
        String prefix = structural.compose(values) + structural.separator();
        return new SubtreePlan(partitionName, partitionValue, structural.attributeName(), prefix, null);
    }

    private SubtreePlan planSelf(KeyModel model, List<Object> values, String partitionName,
            AttributeValue partitionValue) {
        CompositeKey structural = model.structuralKey().orElseThrow(() -> new InvalidKeyException(
                "'self and descendants' needs a hierarchical key, but " + model + " has no structural key: "
                        + "read the item by its key instead, or declare a structuralKey."));
        String self = structural.compose(values);
        Map<String, AttributeValue> selfKey = Map.of(partitionName, partitionValue,
                structural.attributeName(), AttributeValue.fromS(self));
        return new SubtreePlan(partitionName, partitionValue, structural.attributeName(),
                self + structural.separator(), selfKey);
    }

    private SubtreePlan planPartial(KeyModel model, List<Object> values, String partitionName,
            AttributeValue partitionValue) {
        int tier = values.size();
        if (partialField != null) {
            int position = model.positionOf(partialField);
            if (position < 0) {
                throw new InvalidKeyException("'" + partialField + "' is not a key field, so it cannot take a "
                        + "partial prefix.");
            }
            if (node.has(partialField)) {
                throw new InvalidKeyException("Both a value and a partial prefix are given for '" + partialField
                        + "': that is ambiguous. Drop the value to match by prefix, or drop the partial to match "
                        + "the value exactly.");
            }
            if (position != tier) {
                throw new InvalidKeyException("A partial prefix for '" + partialField + "' needs the values of "
                        + "every tier before it, but '" + model.keyField(tier).name() + "' is missing.");
            }
        }
        if (tier >= model.keyFields().size()) {
            throw new InvalidKeyException("A partial prefix needs a tier after '" + model.keyField(tier - 1).name()
                    + "', but it is the last key field.");
        }
        KeyField next = model.keyField(tier);
        if (next.type() != KeyType.STRING) {
            throw new InvalidKeyException("A partial prefix applies to string tiers, but '" + next.name()
                    + "' is a " + next.type() + " field: use a range key condition instead.");
        }
        String given = Objects.requireNonNull(partialPrefix, "a partial query has its prefix");
        if (given.isEmpty()) {
            throw new InvalidKeyException("The partial prefix for '" + next.name() + "' is empty: ask for the "
                    + "children instead.");
        }
        CompositeKey structural = model.structuralKey().orElse(null);
        if (structural == null) {
            if (model.keyFields().size() < 2) {
                throw new InvalidKeyException("A partial prefix needs a sort key, but " + model
                        + " has only a partition key.");
            }
            return new SubtreePlan(partitionName, partitionValue, next.name(), given, null);
        }
        String prefix = structural.compose(values) + structural.separator()
                + structural.encodeComponent(tier, given);
        return new SubtreePlan(partitionName, partitionValue, structural.attributeName(), prefix, null);
    }

    @Override
    public String toString() {
        return shape + " " + node + (partialPrefix == null ? "" : " partial=" + partialPrefix);
    }
}
