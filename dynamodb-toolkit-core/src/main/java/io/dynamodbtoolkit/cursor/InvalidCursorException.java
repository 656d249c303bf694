package io.dynamodbtoolkit.cursor;

/**
 * A cursor that cannot be resumed: malformed, altered, signed with another key, or issued for another query.
 * A client mistake (HTTP 400 in a REST API), never a reason to read anything.
 */
public class InvalidCursorException extends IllegalArgumentException {

    /** @param message why the cursor is refused */
    public InvalidCursorException(String message) {
        super(message);
    }
}
