package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One unique field: {@code {field: code, within: [tenant], tiers: [user]}}, or just its name for a field unique in the
 * whole table among every tier ({@code - email} in YAML, {@code unique=email,plate} in a properties file).
 */
public class UniqueFieldProperties {

    /** Top-level field whose values no two rows may share. */
    private @Nullable String field;

    /**
     * Leading key fields, in key order, the field is unique within (e.g. [tenant]: unique per tenant); empty: unique
     * in the whole table.
     */
    private List<String> within = new ArrayList<>();

    /**
     * Tiers (type labels of the key design) whose rows the field is unique among, together (e.g. [user]: rows of
     * other tiers take no guard); empty: rows of every tier.
     */
    private List<String> tiers = new ArrayList<>();

    /** Creates an empty unique field, filled in by binding. */
    public UniqueFieldProperties() {
    }

    /**
     * The shorthand form: a field unique in the whole table. Spring Boot's conversion calls it for a plain value.
     *
     * @param field the field name
     * @return the unique field
     */
    public static UniqueFieldProperties valueOf(String field) {
        UniqueFieldProperties unique = new UniqueFieldProperties();
        unique.setField(field.trim());
        return unique;
    }

    /** @return the field */
    public @Nullable String getField() {
        return field;
    }

    /** @param field the field */
    public void setField(@Nullable String field) {
        this.field = field;
    }

    /** @return the leading key fields the field is unique within */
    public List<String> getWithin() {
        return within;
    }

    /** @param within the leading key fields the field is unique within */
    public void setWithin(List<String> within) {
        this.within = within;
    }

    /** @return the tiers whose rows the field is unique among */
    public List<String> getTiers() {
        return tiers;
    }

    /** @param tiers the tiers whose rows the field is unique among */
    public void setTiers(List<String> tiers) {
        this.tiers = tiers;
    }
}
