package io.dynamodbtoolkit.embedded.model;

/** The ten DynamoDB data types, named by their wire descriptors. */
public enum DataType {
    S, N, B, SS, NS, BS, M, L, NULL, BOOL;

    /** Whether values of this type may be a key attribute (S, N or B). */
    public boolean isScalarKeyType() {
        return this == S || this == N || this == B;
    }

    /** The lower-case name DynamoDB uses in some messages ("string", "number", "binary", ...). */
    public String description() {
        return switch (this) {
            case S -> "STRING";
            case N -> "NUMBER";
            case B -> "BINARY";
            case SS -> "STRING_SET";
            case NS -> "NUMBER_SET";
            case BS -> "BINARY_SET";
            case M -> "MAP";
            case L -> "LIST";
            case NULL -> "NULL";
            case BOOL -> "BOOLEAN";
        };
    }
}
