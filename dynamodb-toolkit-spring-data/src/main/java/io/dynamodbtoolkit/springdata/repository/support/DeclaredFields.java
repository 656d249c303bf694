package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.NearestName;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.AttributeKeyPart;
import io.dynamodbtoolkit.index.CompositeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexKeyPart;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.index.MultiAttributeKeyPart;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;

/**
 * The field names an adapter's declaration reads from its items (index key sides, shard-by fields, the fields a
 * membership predicate reads, the type discriminator, the unique fields), checked against what the items can hold:
 * the key design's own fields and attributes, and the stored properties of the entities of the repositories bound
 * to the adapter. A name that is none of them ({@code shard-by: [slott]}) would leave an index silently empty or a
 * shard always the same, so it fails start-up with the nearest valid name.
 */
public final class DeclaredFields {

    private DeclaredFields() {
    }

    /**
     * @param declaration  the adapter's declaration
     * @param repositories the entity classes of the repositories bound to it (at least one)
     * @throws DeclarationException naming the first unknown field's property (as the core names declaration
     *                              properties, e.g. {@code indexes.all-vehicles.pk.shardBy[0]}) and the nearest valid
     *                              field
     */
    public static void requireKnown(AdapterDeclaration<?> declaration, List<EntityClasses> repositories) {
        Set<String> known = knownFields(declaration, repositories);
        Set<String> entities = new TreeSet<>();
        repositories.forEach(repository -> repository.classes().forEach(type -> entities.add(type.getSimpleName())));
        for (FieldUse use : fieldsRead(declaration)) {
            if (!known.contains(use.field())) {
                throw new DeclarationException(use.property(), "'" + use.field() + "'" + use.role() + " names no "
                        + "field of adapter '" + declaration.name() + "': it is neither in its key design nor a stored "
                        + "property of the entities of its repositories " + entities + ", so no item would ever carry "
                        + "it", NearestName.of(use.field(), known).map(nearest -> "did you mean '" + nearest + "'?")
                                .orElse("name one of " + known));
            }
        }
    }

    /** @return the fields items of the adapter can carry */
    private static Set<String> knownFields(AdapterDeclaration<?> declaration, List<EntityClasses> repositories) {
        KeyModel keys = declaration.keys();
        Set<String> known = new TreeSet<>();
        keys.keyFields().forEach(field -> known.add(field.name()));
        keys.sortKeyName().ifPresent(known::add);
        keys.typeField().ifPresent(known::add);
        keys.versionField().ifPresent(known::add);
        keys.createdAtField().ifPresent(known::add);
        for (IndexDeclaration index : declaration.indexes().all()) {
            index.parts().stream().filter(IndexKeyPart::isDerived)
                    .forEach(part -> part.keyAttributes().forEach(attribute -> known.add(attribute.name())));
        }
        for (EntityClasses repository : repositories) {
            for (Class<?> type : repository.classes()) {
                for (DynamoDbPersistentProperty property : repository.converter().getMappingContext()
                        .getRequiredPersistentEntity(type)) {
                    known.add(property.attributeName());
                }
            }
        }
        return known;
    }

    /** @return the fields the declaration reads from items, with the property that names each, in declaration order */
    private static List<FieldUse> fieldsRead(AdapterDeclaration<?> declaration) {
        List<FieldUse> read = new ArrayList<>();
        declaration.keys().typeDiscriminator().ifPresent(field -> read.add(new FieldUse("typeDiscriminator", field,
                "")));
        List<String> unique = declaration.uniques().fields();
        for (int i = 0; i < unique.size(); i++) {
            read.add(new FieldUse("unique[" + i + "]", unique.get(i), " (a unique field)"));
        }
        for (IndexDeclaration index : declaration.indexes().all()) {
            String property = "indexes." + index.name();
            if (index.partition() != null) {
                sideFields(property + ".pk", index.partition(), read);
            }
            if (index.sort() != null) {
                sideFields(property + ".sk", index.sort(), read);
            }
            if (index.membership() instanceof Membership.OnlyWhen onlyWhen) {
                new TreeSet<>(onlyWhen.fields()).forEach(field -> read.add(new FieldUse(property + ".membership.bean",
                        field, " (a field the membership predicate reads)")));
            }
        }
        return read;
    }

    private static void sideFields(String property, IndexKeyPart part, List<FieldUse> read) {
        if (part instanceof AttributeKeyPart attribute) {
            read.add(new FieldUse(property, attribute.name(), ""));
        } else if (part instanceof CompositeKeyPart composite) {
            List<KeyField> fields = composite.key().components();
            for (int i = 0; i < fields.size(); i++) {
                read.add(new FieldUse(property + ".fields[" + i + "]", fields.get(i).name(), ""));
            }
        } else if (part instanceof MultiAttributeKeyPart multi) {
            List<KeyAttribute> attributes = multi.attributes();
            for (int i = 0; i < attributes.size(); i++) {
                read.add(new FieldUse(property + ".attributes[" + i + "]", attributes.get(i).name(), ""));
            }
        } else if (part instanceof MarkerKeyPart marker) {
            for (int i = 0; i < marker.shardBy().size(); i++) {
                read.add(new FieldUse(property + ".shardBy[" + i + "]", marker.shardBy().get(i), ""));
            }
        }
    }

    /**
     * The classes a repository's rows are read into, with the mapping that stores their properties.
     *
     * @param converter the mapping
     * @param classes   the tier classes of the repository's domain type
     */
    public record EntityClasses(MappingDynamoDbConverter converter, Set<? extends Class<?>> classes) {
    }

    /**
     * A field a declaration reads.
     *
     * @param property the declaration property naming it
     * @param field    the field
     * @param role     what it is, for the message ("" when the property says it)
     */
    private record FieldUse(String property, String field, String role) {
    }
}
