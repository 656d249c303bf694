package io.dynamodbtoolkit.embedded.persistence;

/**
 * The engine does not start on a data directory one of whose files is damaged in a way no crash explains (see
 * {@link Recovery}): the message names the file, the byte offset of the damage and the option that accepts the loss
 * ({@link Recovery#TRUNCATE}). The directory is left untouched.
 */
public class DamagedDataDirectoryException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** @param message the file, the offset of the damage and what to do */
    public DamagedDataDirectoryException(String message) {
        super(message);
    }
}
