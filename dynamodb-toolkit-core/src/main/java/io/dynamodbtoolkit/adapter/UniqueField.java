package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Objects;

/**
 * A field declared unique: no two rows hold the same value of it, in the whole table or, with {@code within}, among
 * the rows sharing the values of some leading key fields (the scope, e.g. the tenant); with {@code tiers}, only among
 * the rows of those tiers (type labels of the key design), together: rows of other tiers take no guard.
 *
 * @param field  the top-level field
 * @param within the leading key fields it is unique within, in key order; empty for the whole table
 * @param tiers  the type labels of the rows it is unique among; empty for rows of every tier
 */
public record UniqueField(String field, List<String> within, List<String> tiers) {

    public UniqueField {
        within = List.copyOf(Objects.requireNonNull(within, "within"));
        tiers = List.copyOf(Objects.requireNonNull(tiers, "tiers"));
    }

    /** A field unique among the rows of every tier, within these leading key fields (none: the whole table). */
    public UniqueField(String field, List<String> within) {
        this(field, within, List.of());
    }

    /** @return a field unique in the whole table */
    public static UniqueField of(String field) {
        return new UniqueField(field, List.of());
    }

    /** @return a field unique among the rows sharing the values of these leading key fields */
    public static UniqueField within(String field, String... leadingKeyFields) {
        return new UniqueField(field, List.of(leadingKeyFields));
    }

    /** @return this field, unique only among the rows of these tiers (type labels), together */
    public UniqueField inTiers(String... typeLabels) {
        return new UniqueField(field, within, List.of(typeLabels));
    }
}
