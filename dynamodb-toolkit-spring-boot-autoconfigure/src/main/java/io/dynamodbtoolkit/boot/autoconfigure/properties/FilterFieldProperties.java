package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.FilterOperator;
import org.jspecify.annotations.Nullable;

/**
 * One field list reads may filter on ({@code <op>-<field>=value}), keyed by the field name under {@code filters}:
 * its type ({@code status: string}), or {@code {type: number, operators: [eq, lt, gt], attribute: price.amount}}.
 */
public class FilterFieldProperties {

    /** Type the filter value is coerced to: string, number, boolean or binary. */
    private FieldType type = FieldType.STRING;

    /** Operators allowed on the field (eq ne lt le gt ge in btw beg ct ex nx); empty: all that fit the type. */
    private List<FilterOperator> operators = new ArrayList<>();

    /** Document path the field filters (e.g. address.city); unset: the top-level attribute of the same name. */
    private @Nullable String attribute;

    /** Creates an empty filter field, filled in by binding. */
    public FilterFieldProperties() {
    }

    /**
     * The shorthand form: a field of this type with every operator that fits it.
     *
     * @param type string, number, boolean or binary
     * @return the filter field
     */
    public static FilterFieldProperties valueOf(String type) {
        FilterFieldProperties field = new FilterFieldProperties();
        field.setType(FieldType.valueOf(type.trim().toUpperCase(Locale.ROOT)));
        return field;
    }

    /** @return the type */
    public FieldType getType() {
        return type;
    }

    /** @param type the type */
    public void setType(FieldType type) {
        this.type = type;
    }

    /** @return the allowed operators; empty for all that fit the type */
    public List<FilterOperator> getOperators() {
        return operators;
    }

    /** @param operators the allowed operators */
    public void setOperators(List<FilterOperator> operators) {
        this.operators = operators;
    }

    /** @return the document path filtered, or null */
    public @Nullable String getAttribute() {
        return attribute;
    }

    /** @param attribute the document path filtered */
    public void setAttribute(@Nullable String attribute) {
        this.attribute = attribute;
    }
}
