package io.dynamodbtoolkit.springdata.repository.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * The {@link Unique @Unique} properties of the entities of the repositories bound to an adapter, checked against the
 * adapter's declared unique fields. The adapter is built (and may serve writes) before any repository exists, so an
 * annotation cannot add a guard to it: each annotated field must be declared unique by the adapter, within the same
 * key fields and among the same tiers (the labels of the tier classes carrying it; every tier when the domain type
 * itself carries it), or start-up fails naming the annotation and the declaration to change. A field the adapter
 * declares unique needs no annotation (an adapter serves more than its repositories).
 */
final class UniqueAnnotations {

    private UniqueAnnotations() {
    }

    /**
     * @param declaration  the adapter's declaration
     * @param repositories the entities of the repositories bound to it
     * @throws DeclarationException naming the adapter's {@code unique} declaration, when an annotation is on a key
     *                              field, two annotations of one field disagree, or an annotated field is not
     *                              declared unique as annotated
     */
    static void requireDeclared(AdapterDeclaration<?> declaration, List<Entities> repositories) {
        UniqueFields declared = declaration.uniques();
        for (Annotated annotated : annotated(declaration.keys(), repositories).values()) {
            String field = annotated.field();
            if (!declared.isUnique(field)) {
                throw new DeclarationException("unique", "@Unique on " + annotated.where() + " declares '" + field
                        + "' unique, but adapter '" + declaration.name() + "' does not (its unique fields: "
                        + declared + "), so no guard would keep it unique", "add " + annotated.shown()
                                + " to the adapter's unique fields, or remove @Unique from " + annotated.where());
            }
            List<String> tiers = List.copyOf(new TreeSet<>(declared.tiers(field)));
            if (!declared.within(field).equals(annotated.within()) || !tiers.equals(annotated.tiers())) {
                int position = declared.fields().indexOf(field);
                throw new DeclarationException("unique[" + position + "]", "adapter '" + declaration.name()
                        + "' declares '" + field + "' unique" + scope(declared.within(field), tiers)
                        + ", but @Unique on " + annotated.where() + " declares it unique"
                        + scope(annotated.within(), annotated.tiers()),
                        "make them agree: declare " + annotated.shown() + ", or change @Unique on "
                                + annotated.where());
            }
        }
    }

    /** @return the annotated fields by attribute name, each with what its annotations say */
    private static Map<String, Annotated> annotated(KeyModel keys, List<Entities> repositories) {
        Map<String, Annotated> byField = new LinkedHashMap<>();
        for (Entities repository : repositories) {
            for (Class<?> type : repository.tiers().all()) {
                String label = repository.tiers().labelOf(type).orElse(null);
                for (DynamoDbPersistentProperty property : repository.converter().getMappingContext()
                        .getRequiredPersistentEntity(type)) {
                    Unique unique = property.findAnnotation(Unique.class);
                    if (unique != null) {
                        String where = type.getSimpleName() + "." + property.getName();
                        requireNotKey(keys, property.attributeName(), where);
                        Annotated found = new Annotated(property.attributeName(), List.of(unique.within()),
                                label == null ? Set.of() : Set.of(label), where);
                        byField.merge(found.field(), found, Annotated::and);
                    }
                }
            }
        }
        return byField;
    }

    private static void requireNotKey(KeyModel keys, String field, String where) {
        if (keys.positionOf(field) >= 0 || keys.primaryKeyNames().contains(field)) {
            throw new DeclarationException("unique", "@Unique on " + where + " declares the key field '" + field
                    + "' unique: the primary key is unique already, and a unique field must be an attribute of the "
                    + "row", "remove @Unique from " + where);
        }
    }

    private static String scope(List<String> within, List<String> tiers) {
        return (within.isEmpty() ? " in the whole table" : " within " + within)
                + (tiers.isEmpty() ? " among every tier" : " among tiers " + tiers);
    }

    /**
     * The entities of one repository: its tier classes and the mapping that stores their properties.
     *
     * @param converter the mapping
     * @param tiers     the tier classes of the repository's domain type
     */
    record Entities(MappingDynamoDbConverter converter, TierClasses<?> tiers) {

        /** @return the classes its rows are read into, for {@link DeclaredFields} */
        DeclaredFields.EntityClasses classes() {
            return new DeclaredFields.EntityClasses(converter, tiers.all());
        }
    }

    /**
     * What the annotations of one field say.
     *
     * @param field  the attribute
     * @param within the key fields it is unique within
     * @param labels the tiers of the classes carrying it; empty when a class of every tier carries it
     * @param where  the annotated properties, for messages
     */
    private record Annotated(String field, List<String> within, Set<String> labels, String where) {

        /** @return the annotations of this field and another's, together */
        Annotated and(Annotated other) {
            if (!within.equals(other.within())) {
                throw new DeclarationException("unique", "@Unique on " + where + " declares '" + field
                        + "' unique within " + within + ", but @Unique on " + other.where() + " within "
                        + other.within(), "give every @Unique of '" + field + "' the same within");
            }
            Set<String> together = new TreeSet<>(labels);
            together.addAll(other.labels());
            if (labels.isEmpty() || other.labels().isEmpty()) {
                together.clear();
            }
            return new Annotated(field, within, together, where + " and " + other.where());
        }

        /** @return the tiers, sorted; empty: every tier */
        List<String> tiers() {
            return List.copyOf(new TreeSet<>(labels));
        }

        /** @return the declaration the annotations stand for, as a configuration property's element */
        String shown() {
            if (within.isEmpty() && labels.isEmpty()) {
                return field;
            }
            return "{field: " + field + (within.isEmpty() ? "" : ", within: " + within)
                    + (labels.isEmpty() ? "" : ", tiers: " + tiers()) + "}";
        }
    }
}
