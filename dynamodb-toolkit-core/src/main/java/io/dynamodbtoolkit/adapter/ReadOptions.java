package io.dynamodbtoolkit.adapter;

import java.util.List;

/**
 * Options of reads by key.
 *
 * @param consistent whether to read strongly consistently (refused on global secondary indexes)
 * @param fields     top-level attributes or document paths to fetch, or an empty list for whole items; key
 *                   attributes are always fetched as well
 * @param skipNodesBeingDeleted whether a node row marked by a cascade delete under way reads as absent (by default
 *                   it reads as present: it is there until the cascade removes it last, and a delete that stopped
 *                   early leaves it marked, in plain sight, until it is run again)
 */
public record ReadOptions(boolean consistent, List<String> fields, boolean skipNodesBeingDeleted) {

    private static final ReadOptions DEFAULTS = new ReadOptions(false, List.of(), false);

    public ReadOptions {
        fields = fields == null ? List.of() : List.copyOf(fields);
    }

    /** @return eventually consistent whole items */
    public static ReadOptions defaults() {
        return DEFAULTS;
    }

    /** @return a copy reading strongly consistently */
    public ReadOptions consistently() {
        return new ReadOptions(true, fields, skipNodesBeingDeleted);
    }

    /** @return a copy fetching only these fields (and the keys) */
    public ReadOptions withFields(String... names) {
        return new ReadOptions(consistent, List.of(names), skipNodesBeingDeleted);
    }

    /** @return a copy that reads a node row a cascade delete is removing (under a parent guard) as absent */
    public ReadOptions skippingNodesBeingDeleted() {
        return new ReadOptions(consistent, fields, true);
    }
}
