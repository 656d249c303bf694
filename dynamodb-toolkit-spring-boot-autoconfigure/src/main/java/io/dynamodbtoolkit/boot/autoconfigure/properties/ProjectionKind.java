package io.dynamodbtoolkit.boot.autoconfigure.properties;

/** What a secondary index copies, as written in properties. */
public enum ProjectionKind {
    /** Every attribute. */
    ALL,
    /** The table's and the index's key attributes only. */
    KEYS_ONLY,
    /** The keys plus the attributes listed in {@code include}. */
    INCLUDE
}
