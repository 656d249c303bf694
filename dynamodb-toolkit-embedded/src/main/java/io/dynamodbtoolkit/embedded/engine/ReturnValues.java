package io.dynamodbtoolkit.embedded.engine;

/** What a write returns of the item. */
public enum ReturnValues {
    NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW
}
