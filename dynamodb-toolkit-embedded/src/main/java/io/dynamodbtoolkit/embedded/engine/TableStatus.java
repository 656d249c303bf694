package io.dynamodbtoolkit.embedded.engine;

/** The TableStatus values this engine shows. */
public enum TableStatus {
    CREATING, UPDATING, DELETING, ACTIVE
}
