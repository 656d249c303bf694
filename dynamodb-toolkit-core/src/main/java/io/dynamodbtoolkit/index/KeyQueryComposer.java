package io.dynamodbtoolkit.index;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.SortOperator;
import io.dynamodbtoolkit.key.CompositeKey;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyType;

/**
 * Composes the key conditions of an {@link IndexQuery} on a {@link KeyTarget} from field values, the way the
 * key attributes are written: composite sides zero-pad and join their components, so an equality on leading
 * components is a {@code begins_with} on their composed prefix and a range on the next component is a
 * {@code BETWEEN} that keeps that component's deeper rows on the right side of the bound. A sharded marker's
 * partition fans out into one condition per shard.
 */
public final class KeyQueryComposer {

    /** The greatest code point: any stored string that extends a prefix sorts below prefix + this. */
    static final String MAX = new String(Character.toChars(Character.MAX_CODE_POINT));

    private KeyQueryComposer() {
    }

    /**
     * @return one key condition per partition to read: one, or one per shard of a sharded marker (merge them in
     *         sort order)
     * @throws InvalidKeyException when a field is unknown to the target, a partition value is missing, values
     *                             have a gap, or a value cannot be encoded
     */
    public static List<KeyCondition> compose(KeyTarget target, IndexQuery query) {
        Set<String> unused = new HashSet<>(query.equalities().keySet());
        if (query.rangeField() != null && !target.fields().contains(query.rangeField())) {
            throw unknownField(target, query.rangeField());
        }
        List<KeyCondition> partitions = partitions(target, query, unused);
        List<KeyCondition> conditions = new ArrayList<>(partitions.size());
        for (KeyCondition partition : partitions) {
            conditions.add(sort(target, query, partition, new HashSet<>(unused)));
        }
        return conditions;
    }

    private static List<KeyCondition> partitions(KeyTarget target, IndexQuery query, Set<String> unused) {
        IndexKeyPart part = target.partition();
        Map<String, Object> values = query.equalities();
        if (part instanceof MarkerKeyPart marker) {
            return marker.allValues().stream().map(value -> KeyCondition.partition(marker.attribute(), value))
                    .toList();
        }
        if (part instanceof CompositeKeyPart composite) {
            List<Object> components = contiguous(composite.key().components(), values);
            if (components.isEmpty()) {
                throw missingPartition(target, composite.sourceFields());
            }
            composite.key().components().stream().limit(components.size()).forEach(f -> unused.remove(f.name()));
            return List.of(KeyCondition.partition(composite.key().attributeName(),
                    composite.key().compose(components)));
        }
        KeyCondition condition = null;
        for (KeyAttribute attribute : part.keyAttributes()) {
            Object value = values.get(attribute.name());
            if (value == null) {
                throw missingPartition(target, part.sourceFields());
            }
            unused.remove(attribute.name());
            Object typed = field(attribute).toAttributeValue(value);
            condition = condition == null ? KeyCondition.partition(attribute.name(), typed)
                    : condition.andPartition(attribute.name(), typed);
        }
        return List.of(condition);
    }

    private static KeyCondition sort(KeyTarget target, IndexQuery query, KeyCondition partition, Set<String> unused) {
        IndexKeyPart part = target.sort();
        KeyCondition condition = partition;
        if (part instanceof CompositeKeyPart composite) {
            condition = compositeSort(target, composite.key(), query, partition, unused);
        } else if (part != null) {
            List<KeyAttribute> attributes = part.keyAttributes();
            int given = 0;
            while (given < attributes.size() && query.equalities().containsKey(attributes.get(given).name())) {
                KeyAttribute attribute = attributes.get(given);
                condition = condition.eq(attribute.name(),
                        field(attribute).toAttributeValue(
                                Objects.requireNonNull(query.equalities().get(attribute.name()),
                                        "an equality has its value")));
                unused.remove(attribute.name());
                given++;
            }
            if (query.rangeField() != null) {
                KeyAttribute next = given < attributes.size() ? attributes.get(given) : null;
                if (next == null || !next.name().equals(query.rangeField())) {
                    throw new InvalidKeyException("A range on '" + query.rangeField() + "' needs it to be the next "
                            + "sort attribute of " + describe(target) + " after the equalities; the sort attributes "
                            + "are " + attributes.stream().map(KeyAttribute::name).toList());
                }
                Object[] typed = query.rangeValues().stream()
                        .map(value -> query.operator() == SortOperator.BEGINS_WITH ? value
                                : field(next).toAttributeValue(value)).toArray();
                condition = condition.range(next.name(),
                        Objects.requireNonNull(query.operator(), "a range has its operator"), typed);
            }
        } else if (query.rangeField() != null) {
            throw new InvalidKeyException(describe(target) + " has no sort key, so '" + query.rangeField()
                    + "' cannot take a range");
        }
        if (!unused.isEmpty()) {
            String field = unused.iterator().next();
            throw target.fields().contains(field) ? new InvalidKeyException("'" + field + "' is given, but a field "
                    + "before it in the key of " + describe(target) + " is not: key fields are used contiguously")
                    : unknownField(target, field);
        }
        return condition;
    }

    private static KeyCondition compositeSort(KeyTarget target, CompositeKey key, IndexQuery query,
            KeyCondition partition, Set<String> unused) {
        List<KeyField> components = key.components();
        List<Object> given = contiguous(components, query.equalities());
        components.stream().limit(given.size()).forEach(field -> unused.remove(field.name()));
        String separator = key.separator();
        String prefix = given.isEmpty() ? "" : key.compose(given);
        String attribute = key.attributeName();
        if (query.rangeField() == null) {
            if (given.isEmpty()) {
                return partition;
            }
            return given.size() == components.size() ? partition.eq(attribute, prefix)
                    : partition.beginsWith(attribute, prefix + separator);
        }
        int position = given.size();
        if (position >= components.size() || !components.get(position).name().equals(query.rangeField())) {
            throw new InvalidKeyException("A range on '" + query.rangeField() + "' needs it to be the next "
                    + "component of '" + attribute + "' after the equalities; its components are "
                    + components.stream().map(KeyField::name).toList());
        }
        String base = given.isEmpty() ? "" : prefix + separator;
        List<Object> values = query.rangeValues();
        return switch (Objects.requireNonNull(query.operator(), "a range has its operator")) {
            case BEGINS_WITH -> {
                if (components.get(position).type() != KeyType.STRING) {
                    throw new InvalidKeyException("A prefix applies to string components, but '" + query.rangeField()
                            + "' is a " + components.get(position).type() + " component");
                }
                yield partition.beginsWith(attribute, base + key.encodeComponent(position, values.get(0)));
            }
            case BETWEEN -> partition.between(attribute, base + key.encodeComponent(position, values.get(0)),
                    base + key.encodeComponent(position, values.get(1)) + separator + MAX);
            case GE -> bounded(partition, attribute, base,
                    base + key.encodeComponent(position, values.get(0)), base + MAX);
            case GT -> bounded(partition, attribute, base,
                    base + key.encodeComponent(position, values.get(0)) + separator + MAX, base + MAX);
            case LE -> upTo(partition, attribute, base,
                    base + key.encodeComponent(position, values.get(0)) + separator + MAX);
            case LT -> upTo(partition, attribute, base,
                    justBelow(base + key.encodeComponent(position, values.get(0))));
        };
    }

    /** From {@code low} up: a plain lower bound when nothing is prefixed, else bounded by the prefix. */
    private static KeyCondition bounded(KeyCondition partition, String attribute, String base, String low,
            String high) {
        return base.isEmpty() ? partition.ge(attribute, low)
                : partition.between(attribute, low, high);
    }

    /** Up to {@code high}: a plain upper bound when nothing is prefixed, else from the prefix up. */
    private static KeyCondition upTo(KeyCondition partition, String attribute, String base, String high) {
        return base.isEmpty() ? partition.le(attribute, high)
                : partition.between(attribute, base, high);
    }

    /**
     * The greatest string below {@code value} that any stored string can reach (last code unit minus one, then MAX).
     */
    static String justBelow(String value) {
        char last = value.charAt(value.length() - 1);
        if (last == 0 || Character.isSurrogate(last) || last == '\uE000') {
            throw new InvalidKeyException("A '<' bound ending in U+" + Integer.toHexString(last)
                    + " cannot be expressed as a key condition; use '<=' on the previous value");
        }
        return value.substring(0, value.length() - 1) + (char) (last - 1) + MAX;
    }

    private static List<Object> contiguous(List<KeyField> fields, Map<String, Object> values) {
        List<Object> given = new ArrayList<>();
        for (KeyField field : fields) {
            Object value = values.get(field.name());
            if (value == null) {
                break;
            }
            given.add(value);
        }
        return given;
    }

    private static KeyField field(KeyAttribute attribute) {
        return new KeyField(attribute.name(), KeyTarget.keyType(attribute), null);
    }

    private static InvalidKeyException missingPartition(KeyTarget target, Set<String> fields) {
        return new InvalidKeyException("A query on " + describe(target) + " needs a value for its partition key "
                + fields + ": DynamoDB seeks within one partition");
    }

    private static InvalidKeyException unknownField(KeyTarget target, String field) {
        return new InvalidKeyException("'" + field + "' is not a key field of " + describe(target)
                + "; its key fields are " + target.fields() + ". Filter on other fields, or declare an index keyed "
                + "on it");
    }

    private static String describe(KeyTarget target) {
        return target.indexName() == null ? "the table" : "index '" + target.indexName() + "'";
    }
}
