package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import io.dynamodbtoolkit.springdata.mapping.Unique;

/**
 * The {@link Unique @Unique} properties of the entities of the repositories bound to an adapter, as unique fields: the
 * same attribute annotated in several classes is one field (the annotations must agree on {@code within}), unique
 * among the tiers of the annotated classes (every tier when the domain type itself carries it); a key field is
 * refused. Where Spring Boot builds the adapter from its properties, they are {@linkplain #union added} to its
 * declared unique fields before it exists; an adapter the application builds must
 * {@linkplain #requireDeclared declare} them itself (it exists before any repository). Either way a field declared by
 * both must be declared alike, or start-up fails naming the annotation and the declaration to change. A field the
 * adapter declares unique needs no annotation (an adapter serves more than its repositories).
 */
final class UniqueAnnotations {

    private static final Pattern INDEXED_PROPERTY = Pattern.compile("unique\\[(\\d+)]");

    private UniqueAnnotations() {
    }

    /**
     * @param adapterName  the adapter
     * @param keys         its key design
     * @param declared     the unique fields its declaration names, in order
     * @param repositories the entities of the repositories bound to it
     * @return the declared unique fields, then those only annotations declare
     * @throws DeclarationException naming the adapter's {@code unique} declaration, when an annotation is on a key
     *                              field, two annotations of one field disagree, an annotation and the declaration
     *                              declare a field differently, or an annotated field cannot be guarded (naming the
     *                              annotation)
     */
    static List<UniqueField> union(String adapterName, KeyModel keys, List<UniqueField> declared,
            List<Entities> repositories) {
        UniqueFields.of(declared, keys); // the declaration's own errors first, named as its builder names them
        List<UniqueField> union = new ArrayList<>(declared);
        List<Annotated> added = new ArrayList<>();
        for (Annotated annotated : annotated(keys, repositories).values()) {
            int position = declared.stream().map(UniqueField::field).toList().indexOf(annotated.field());
            if (position < 0) {
                union.add(new UniqueField(annotated.field(), annotated.within(), annotated.tiers()));
                added.add(annotated);
            } else {
                UniqueField field = declared.get(position);
                requireAlike(adapterName, position, field.within(), field.tiers(), annotated, annotated.shown());
            }
        }
        try {
            UniqueFields.of(union, keys);
        } catch (DeclarationException e) {
            throw naming(e, declared.size(), added);
        }
        return union;
    }

    /**
     * @param declaration  the adapter's declaration, built by the application
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
                        + declared + "), so no guard would keep it unique: the application builds this adapter, and "
                        + "an annotation declares a field by itself only in an adapter Spring Boot builds from "
                        + "dynamodb.toolkit.adapters.<name>", "declare it where the adapter is built, "
                                + "AdapterDeclaration.builder(...).unique(" + annotated.builderCall()
                                + "), or remove @Unique from " + annotated.where());
            }
            requireAlike(declaration.name(), declared.fields().indexOf(field), declared.within(field),
                    declared.tiers(field), annotated, ".unique(" + annotated.builderCall() + ")");
        }
    }

    /** @throws DeclarationException when the declaration of a field and its annotations differ */
    private static void requireAlike(String adapterName, int position, List<String> within, List<String> tiers,
            Annotated annotated, String declare) {
        List<String> sortedTiers = List.copyOf(new TreeSet<>(tiers));
        if (!within.equals(annotated.within()) || !sortedTiers.equals(annotated.tiers())) {
            throw new DeclarationException("unique[" + position + "]", "adapter '" + adapterName + "' declares '"
                    + annotated.field() + "' unique" + scope(within, sortedTiers) + ", but @Unique on "
                    + annotated.where() + " declares it unique" + scope(annotated.within(), annotated.tiers()),
                    "make them agree: declare " + declare + ", or change @Unique on " + annotated.where());
        }
    }

    /**
     * @return an error of the union restated to name the annotations at fault: the declared fields alone are valid,
     *         so it is an added field's ({@code unique[i]}, i counting the declared ones first), or, when none is
     *         declared, every added field's (a key design that cannot keep guards)
     */
    private static DeclarationException naming(DeclarationException error, int declared, List<Annotated> added) {
        Matcher indexed = INDEXED_PROPERTY.matcher(error.property());
        List<Annotated> atFault = indexed.lookingAt()
                ? List.of(added.get(Integer.parseInt(indexed.group(1)) - declared)) : added;
        String where = String.join(" and ", atFault.stream().map(Annotated::where).toList());
        return new DeclarationException("unique", "@Unique on " + where + ": " + error.problem(), error.fix()
                + ", or change @Unique on " + where);
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

        /** @return the declaration the annotations stand for, as the arguments of the builder's unique call */
        String builderCall() {
            StringBuilder call = new StringBuilder(within.isEmpty() ? "UniqueField.of(\"" + field + "\""
                    : "UniqueField.within(\"" + field + "\"");
            within.forEach(key -> call.append(", \"").append(key).append('"'));
            call.append(')');
            if (!labels.isEmpty()) {
                call.append(".inTiers(").append(String.join(", ", tiers().stream().map(tier -> "\"" + tier + "\"")
                        .toList())).append(')');
            }
            return call.toString();
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
