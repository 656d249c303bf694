package io.dynamodbtoolkit.springdata.repository.query;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.CompositeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexKeyPart;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** What a repository needs to know of a declared index's key: its fields, their types, which classes are members. */
final class IndexKeys {

    private IndexKeys() {
    }

    /** @return the partition fields of an index (the table's partition key for a local index; none for a marker) */
    static List<String> partitionFields(QueryContext<?> context, IndexDeclaration index) {
        return index.partition() == null ? List.of(context.keys().partitionField().name())
                : fields(index.partition());
    }

    /** @return whether an index is keyed on a sharded marker (its shards are read in parallel and merged) */
    static boolean isSharded(IndexDeclaration index) {
        return index.partition() instanceof MarkerKeyPart marker && marker.isSharded();
    }

    /** @return the sort fields of an index, in key order */
    static List<String> sortFields(IndexDeclaration index) {
        return index.sort() == null ? List.of() : fields(index.sort());
    }

    /** @return the fields a key side is made of, in key order: components, attributes, or none for a marker */
    static List<String> fields(IndexKeyPart part) {
        if (part instanceof CompositeKeyPart composite) {
            return composite.key().components().stream().map(KeyField::name).toList();
        }
        if (part instanceof MarkerKeyPart) {
            return List.of();
        }
        return part.keyAttributes().stream().map(KeyAttribute::name).toList();
    }

    /** @return the type of a field of a key side */
    static KeyType typeOf(IndexKeyPart part, String field) {
        if (part instanceof CompositeKeyPart composite) {
            return composite.key().components().stream().filter(f -> f.name().equals(field)).findFirst()
                    .map(KeyField::type).orElse(KeyType.STRING);
        }
        ScalarAttributeType type = part.keyAttributes().stream().filter(a -> a.name().equals(field)).findFirst()
                .map(KeyAttribute::type).orElse(ScalarAttributeType.S);
        return type == ScalarAttributeType.N ? KeyType.NUMBER : type == ScalarAttributeType.B ? KeyType.BINARY
                : KeyType.STRING;
    }

    /**
     * The classes an index's members are read into: the classes of its member types, or the classes that store
     * every attribute its key is made of (only their rows can be members).
     */
    static Set<? extends Class<?>> classes(QueryContext<?> context, IndexDeclaration index) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        if (index.membership() instanceof Membership.Types types) {
            for (String label : types.labels()) {
                Class<?> type = context.tiers().byLabel().get(label);
                classes.add(type != null ? type : context.tiers().domainType());
            }
            return classes;
        }
        Set<String> sources = new LinkedHashSet<>();
        index.parts().stream().filter(part -> !(part instanceof MarkerKeyPart))
                .forEach(part -> sources.addAll(fields(part)));
        for (Class<?> type : context.tiers().all()) {
            if (sources.stream().allMatch(field -> context.hasAttribute(type, field))) {
                classes.add(type);
            }
        }
        return classes.isEmpty() ? context.tiers().all() : classes;
    }
}
