package io.dynamodbtoolkit.key;

/**
 * A key value supplied at run time that cannot form a correct key: a component containing the separator, a
 * number that is negative, fractional or wider than its declared width, a gap in the supplied components, a
 * missing partition value. Thrown before anything is sent, so that a wrong key is never written or read.
 */
public class InvalidKeyException extends IllegalArgumentException {

    /** @param message what is wrong with the key and which field it concerns */
    public InvalidKeyException(String message) {
        super(message);
    }
}
