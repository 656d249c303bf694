package io.dynamodbtoolkit.adapter;

import java.util.List;

/**
 * Options of reads by key.
 *
 * @param consistent whether to read strongly consistently (refused on global secondary indexes)
 * @param fields     top-level attributes or document paths to fetch, or an empty list for whole items; key
 *                   attributes are always fetched as well
 */
public record ReadOptions(boolean consistent, List<String> fields) {

    private static final ReadOptions DEFAULTS = new ReadOptions(false, List.of());

    public ReadOptions {
        fields = fields == null ? List.of() : List.copyOf(fields);
    }

    /** @return eventually consistent whole items */
    public static ReadOptions defaults() {
        return DEFAULTS;
    }

    /** @return a copy reading strongly consistently */
    public ReadOptions consistently() {
        return new ReadOptions(true, fields);
    }

    /** @return a copy fetching only these fields (and the keys) */
    public ReadOptions withFields(String... names) {
        return new ReadOptions(consistent, List.of(names));
    }
}
