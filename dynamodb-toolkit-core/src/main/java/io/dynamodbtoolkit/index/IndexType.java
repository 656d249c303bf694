package io.dynamodbtoolkit.index;

/** The kinds of secondary index. */
public enum IndexType {
    /** A global secondary index: its own partition key; eventually consistent reads only. */
    GLOBAL,
    /** A local secondary index: the table's partition key with another sort key; created with the table only. */
    LOCAL
}
