package io.dynamodbtoolkit.embedded.persistence;

/**
 * What starting on a data directory does when one of its files is damaged in a way no crash explains: a log record
 * that fails its checksum with intact records after it, or a snapshot that is damaged or incomplete (a snapshot is
 * written whole before it is used). A log whose last record alone is cut short or damaged is always recovered: that
 * record is a write interrupted by a crash, never answered, and is dropped with a warning.
 */
public enum Recovery {

    /**
     * Refuse to start (the default), naming the file, the byte offset of the damage and the option that accepts
     * the loss, and leave the directory untouched: the bytes from that offset on hold answered writes.
     */
    REFUSE,

    /**
     * Keep the records before the damage and drop the rest of the file, after copying the dropped bytes aside to
     * {@code <file>.damaged-from-<offset>} next to it (the log line names it). A damaged snapshot is then replaced
     * by a new one; log records on tables the snapshot lost are skipped.
     */
    TRUNCATE
}
