package io.dynamodbtoolkit.embedded.engine;

/** Which attributes an index copies from the table. */
public enum ProjectionType {
    ALL, KEYS_ONLY, INCLUDE
}
