package io.dynamodbtoolkit.embedded.persistence;

/**
 * When the data directory's log is forced to disk (fsync). In every mode a write is appended to the log (handed to
 * the operating system) before it is answered, so a crash of the process, even {@code kill -9}, loses no answered
 * write; the modes differ in what an operating-system crash or a power loss can lose.
 */
public enum Durability {

    /** Every write is forced to disk before it is answered: nothing answered is lost; writes are much slower. */
    SYNC_EVERY_WRITE,

    /** The log is forced to disk once a second when it changed (the default): a power loss loses at most ~1 s. */
    SYNC_EVERY_SECOND,

    /** The log is never forced; the operating system writes it back when it chooses. */
    NO_SYNC
}
