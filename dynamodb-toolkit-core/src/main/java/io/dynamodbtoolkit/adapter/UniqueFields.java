package io.dynamodbtoolkit.adapter;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyType;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The unique fields of an adapter: no two rows hold the same value of one (within the values of its leading key
 * fields, when declared so: per tenant). DynamoDB enforces only the primary key's uniqueness, so each value taken is
 * kept by a guard item in the same table: its partition key is {@code <technicalPrefix>unique|<field>|<scope
 * values>|<value>} (each part written with its type and length, so that no two values share a guard), its sort key
 * (when the table has one) {@code <technicalPrefix>unique}, and it holds the owning row's primary key in
 * {@code <technicalPrefix>uniqueOwner}. A field declared for some tiers only is guarded on the rows of those tiers
 * (their type, as the key design reads it: the discriminator, else the label of the row's depth); its guards are
 * keyed by the field alone, so the tiers it names share one set of values (a field is declared once, so no two
 * declarations of it could want their tiers apart). Guards carry no attribute of the data, so no index, marker or
 * subtree read of the data ever meets them, and Scans leave them out. Immutable.
 */
public final class UniqueFields {

    /** The infix between the technical prefix and what a guard's key and attributes are named by. */
    public static final String GUARD_INFIX = "unique";

    private static final UniqueFields NONE = new UniqueFields(Map.of(), Map.of(), "", "", "");

    /** The leading key fields each unique field is unique within (empty: the table), by field, in order. */
    private final Map<String, List<String>> within;
    /** The tiers each unique field is unique among (empty: every tier), by field. */
    private final Map<String, List<String>> tiers;
    private final String guardPrefix;
    private final String ownerAttribute;
    private final String fieldAttribute;

    private UniqueFields(Map<String, List<String>> within, Map<String, List<String>> tiers, String guardPrefix,
            String ownerAttribute, String fieldAttribute) {
        this.within = within;
        this.tiers = tiers;
        this.guardPrefix = guardPrefix;
        this.ownerAttribute = ownerAttribute;
        this.fieldAttribute = fieldAttribute;
    }

    /** @return no unique field */
    public static UniqueFields none() {
        return NONE;
    }

    /**
     * The unique fields of a declaration.
     *
     * @param declared the declared fields, each with the leading key fields it is unique within
     * @param keys     the key design
     * @return the unique fields
     * @throws DeclarationException naming the property ({@code unique[i]}) when a field is blank, repeated, a key
     *                              or technical field, or scoped by fields that are not leading key fields; or when
     *                              the key design cannot hold guards (no technical prefix, key attributes that are
     *                              not strings); naming {@code unique[i].tiers[j]} when a tier is not a type label
     *                              of the key design
     */
    public static UniqueFields of(List<UniqueField> declared, KeyModel keys) {
        if (declared.isEmpty()) {
            return NONE;
        }
        String prefix = keys.technicalPrefix().orElseThrow(() -> new DeclarationException("unique",
                "unique fields " + declared.stream().map(UniqueField::field).toList() + " are kept by guard items "
                        + "under the technical prefix, but no technicalPrefix is declared",
                "declare technicalPrefix (e.g. \"_\"), or drop unique"));
        requireStringKeys(keys);
        Map<String, List<String>> byField = new LinkedHashMap<>();
        Map<String, List<String>> tiersByField = new LinkedHashMap<>();
        for (int i = 0; i < declared.size(); i++) {
            UniqueField unique = declared.get(i);
            String property = "unique[" + i + "]";
            String field = unique.field();
            if (field == null || field.isBlank()) {
                throw new DeclarationException(property, "a unique field is blank", "name a field of the items");
            }
            if (byField.containsKey(field)) {
                throw new DeclarationException(property, "the field '" + field + "' is declared unique twice",
                        "declare each unique field once");
            }
            if (keys.positionOf(field) >= 0 || keys.primaryKeyNames().contains(field)) {
                throw new DeclarationException(property, "'" + field + "' is a key field: the primary key is "
                        + "unique already, and a unique field must be an attribute of the row",
                        "drop '" + field + "' from unique");
            }
            if (keys.isTechnical(field) || field.equals(keys.typeField().orElse(null))) {
                throw new DeclarationException(property, "'" + field + "' is a field the toolkit manages "
                        + "(technical or the type field)", "name a field of the items");
            }
            requireLeading(property, unique.within(), keys);
            requireKnownTiers(property, unique.tiers(), keys);
            byField.put(field, List.copyOf(unique.within()));
            tiersByField.put(field, List.copyOf(unique.tiers()));
        }
        return new UniqueFields(Collections.unmodifiableMap(byField), Collections.unmodifiableMap(tiersByField),
                prefix + GUARD_INFIX + "|", prefix + GUARD_INFIX + "Owner", prefix + GUARD_INFIX + "Field");
    }

    private static void requireStringKeys(KeyModel keys) {
        if (keys.partitionField().type() != KeyType.STRING) {
            throw new DeclarationException("unique", "guard items of unique fields are keyed by strings, but the "
                    + "partition key '" + keys.partitionField().name() + "' is a " + keys.partitionField().type(),
                    "use a string partition key, or drop unique");
        }
        if (keys.structuralKey().isEmpty() && keys.keyFields().size() == 2
                && keys.keyField(1).type() != KeyType.STRING) {
            KeyField sort = keys.keyField(1);
            throw new DeclarationException("unique", "guard items of unique fields are keyed by strings, but the "
                    + "sort key '" + sort.name() + "' is a " + sort.type(),
                    "use a string sort key, or drop unique");
        }
    }

    private static void requireLeading(String property, List<String> within, KeyModel keys) {
        for (int i = 0; i < within.size(); i++) {
            String expected = i < keys.keyFields().size() ? keys.keyField(i).name() : null;
            if (!within.get(i).equals(expected)) {
                throw new DeclarationException(property + ".within[" + i + "]", "'" + within.get(i) + "' is not the "
                        + "key field at position " + i + ": a unique field is unique within leading key fields "
                        + "(the scope, e.g. the tenant), in key order", "name the leading key fields from '"
                        + keys.partitionField().name() + "' on, or drop within to make the field unique in the "
                        + "whole table");
            }
        }
        if (!within.isEmpty() && within.size() >= keys.keyFields().size()) {
            throw new DeclarationException(property + ".within", "unique within every key field " + within
                    + " is unique within one row", "name fewer, leading key fields");
        }
    }

    private static void requireKnownTiers(String property, List<String> tiers, KeyModel keys) {
        if (keys.typeDiscriminator().isPresent()) {
            return;
        }
        for (int i = 0; i < tiers.size(); i++) {
            if (!keys.typeLabels().contains(tiers.get(i))) {
                throw new DeclarationException(property + ".tiers[" + i + "]", "'" + tiers.get(i) + "' is not a tier "
                        + "of the key design, whose tiers are " + (keys.typeLabels().isEmpty() ? "unnamed (no "
                                + "typeLabels)" : keys.typeLabels()), keys.typeLabels().isEmpty() ? "declare "
                                        + "typeLabels (one per key field), or drop tiers" : "name one of "
                                                + keys.typeLabels() + ", or drop tiers to guard rows of every tier");
            }
        }
    }

    /** @return whether no field is unique */
    public boolean isEmpty() {
        return within.isEmpty();
    }

    /** @return the unique fields, in declaration order */
    public List<String> fields() {
        return List.copyOf(within.keySet());
    }

    /** @return the leading key fields a unique field is unique within (empty: the whole table) */
    public List<String> within(String field) {
        return within.getOrDefault(field, List.of());
    }

    /** @return the tiers (type labels) a unique field is unique among; empty: every tier */
    public List<String> tiers(String field) {
        return tiers.getOrDefault(field, List.of());
    }

    /** @return whether a field is unique */
    public boolean isUnique(String field) {
        return within.containsKey(field);
    }

    /** @return the technical attribute of a guard holding its owning row's primary key */
    public String ownerAttribute() {
        return ownerAttribute;
    }

    /** @return the technical attribute of a guard naming its field */
    String fieldAttribute() {
        return fieldAttribute;
    }

    /** @return the technical attributes of a guard: the owner and the field */
    public List<String> attributes() {
        return isEmpty() ? List.of() : List.of(ownerAttribute, fieldAttribute);
    }

    /**
     * @return the primary key of the guard of a row's value of a unique field, or empty when the row holds none (an
     *         absent or null value) or is of a tier the field is not unique among
     * @throws IllegalArgumentException when the value is not a string, number or binary
     */
    public Optional<Map<String, AttributeValue>> guardKey(String field, Map<String, AttributeValue> row,
            KeyModel keys) {
        List<String> among = tiers(field);
        if (!among.isEmpty() && row.get(field) != null && !among.contains(keys.codec().typeFromItem(row))) {
            return Optional.empty();
        }
        return valueGuardKey(field, row, keys);
    }

    /**
     * @param row the value of the field and of the key fields it is unique within (a row, or a lookup's probe)
     * @return the primary key of the guard of the value, whatever tier holds it, or empty for an absent or null value
     * @throws IllegalArgumentException when the value is not a string, number or binary
     */
    Optional<Map<String, AttributeValue>> valueGuardKey(String field, Map<String, AttributeValue> row,
            KeyModel keys) {
        AttributeValue value = row.get(field);
        if (value == null || Boolean.TRUE.equals(value.nul())) {
            return Optional.empty();
        }
        StringBuilder partition = new StringBuilder(guardPrefix).append(part("S", field));
        for (String scopeField : within(field)) {
            AttributeValue scopeValue = row.get(scopeField);
            if (scopeValue == null) {
                throw new IllegalArgumentException("The unique field '" + field + "' is unique within '"
                        + scopeField + "', which the row " + AttributeValues.showKey(keys.codec()
                                .primaryKeyFromItem(row)) + " does not carry");
            }
            partition.append('|').append(encoded(field, scopeValue));
        }
        partition.append('|').append(encoded(field, value));
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(keys.partitionField().name(), AttributeValue.fromS(partition.toString()));
        keys.sortKeyName().ifPresent(sort -> key.put(sort, AttributeValue.fromS(guardPrefix.substring(0,
                guardPrefix.length() - 1))));
        return Optional.of(key);
    }

    /** @return whether a stored item is a guard */
    public boolean isGuard(Map<String, AttributeValue> item) {
        return !isEmpty() && item.containsKey(ownerAttribute);
    }

    /** @return a value as a part of a guard's key: its type, its length and its canonical text */
    private static String encoded(String field, AttributeValue value) {
        if (value.s() != null) {
            return part("S", value.s());
        }
        if (value.n() != null) {
            return part("N", new BigDecimal(value.n()).stripTrailingZeros().toPlainString());
        }
        if (value.b() != null) {
            return part("B", Base64.getUrlEncoder().withoutPadding().encodeToString(value.b().asByteArray()));
        }
        throw new IllegalArgumentException("The unique field '" + field + "' holds " + AttributeValues.show(value)
                + ": a unique value must be a string, a number or binary");
    }

    private static String part(String type, String text) {
        return type + text.length() + ":" + text;
    }

    /** @return the fields and what each is unique within, for messages */
    @Override
    public String toString() {
        List<String> shown = new ArrayList<>();
        within.forEach((field, scope) -> shown.add(field + (scope.isEmpty() ? "" : " within " + scope)
                + (tiers(field).isEmpty() ? "" : " among tiers " + tiers(field))));
        return shown.toString();
    }
}
