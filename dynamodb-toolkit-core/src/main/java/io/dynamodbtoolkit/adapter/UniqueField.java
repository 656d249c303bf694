package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Objects;

/**
 * A field declared unique: no two rows hold the same value of it, in the whole table or, with {@code within}, among
 * the rows sharing the values of some leading key fields (the scope, e.g. the tenant).
 *
 * @param field  the top-level field
 * @param within the leading key fields it is unique within, in key order; empty for the whole table
 */
public record UniqueField(String field, List<String> within) {

    public UniqueField {
        within = List.copyOf(Objects.requireNonNull(within, "within"));
    }

    /** @return a field unique in the whole table */
    public static UniqueField of(String field) {
        return new UniqueField(field, List.of());
    }

    /** @return a field unique among the rows sharing the values of these leading key fields */
    public static UniqueField within(String field, String... leadingKeyFields) {
        return new UniqueField(field, List.of(leadingKeyFields));
    }
}
