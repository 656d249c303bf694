package io.dynamodbtoolkit.adapter;

/** A validator refused a write; nothing was sent. */
public class ItemValidationException extends IllegalArgumentException {

    /** @param message what is invalid */
    public ItemValidationException(String message) {
        super(message);
    }
}
