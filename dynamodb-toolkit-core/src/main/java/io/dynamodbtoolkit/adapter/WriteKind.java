package io.dynamodbtoolkit.adapter;

/** The write paths, as hooks see them. Validation and index maintenance run on every one of them. */
public enum WriteKind {
    /** Create only. */
    POST,
    /** Replace an existing item. */
    PUT,
    /** Create or replace. */
    PUT_FORCE,
    /** Update some attributes of an existing item; the item passed to hooks holds only the changes. */
    PATCH,
    /** Read, map and diff an existing item; write only the changes. */
    EDIT,
    /** Create a mapped copy. */
    CLONE,
    /** Create a mapped copy and delete the original, in one transaction. */
    MOVE,
    /** Delete. */
    DELETE,
    /** A put inside a batch (bulk or mass operation). */
    BATCH_PUT,
    /** A delete inside a batch (bulk or mass operation). */
    BATCH_DELETE;

    /** @return whether the item passed to hooks is a whole item (false for patches and deletes) */
    public boolean isFullWrite() {
        return this != PATCH && this != DELETE && this != BATCH_DELETE;
    }
}
