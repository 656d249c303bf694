package io.dynamodbtoolkit.boot.autoconfigure.properties;

/** The kinds of secondary index, as written in properties. */
public enum IndexKind {
    /** A global secondary index: its own partition key. */
    GSI,
    /** A local secondary index: the table's partition key with another sort key (created with the table only). */
    LSI
}
