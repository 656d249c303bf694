package io.dynamodbtoolkit.embedded.model;

/** UTF-8 length and order of Java strings, without encoding them. */
public final class Utf8 {

    private Utf8() {
    }

    /** The number of bytes of the UTF-8 encoding of {@code text}. */
    public static int length(String text) {
        int bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /**
     * Whether {@code text} holds a UTF-16 surrogate (half of a character outside the BMP): only then can
     * {@link #compare} differ from {@link String#compareTo}.
     */
    public static boolean hasSurrogates(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isSurrogate(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Compares two strings by the unsigned bytes of their UTF-8 encodings, as DynamoDB orders strings (this is
     * code point order, which differs from {@link String#compareTo} for characters outside the BMP).
     */
    public static int compare(String a, String b) {
        int length = Math.min(a.length(), b.length());
        for (int i = 0; i < length; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                boolean xSurrogate = Character.isSurrogate(x);
                boolean ySurrogate = Character.isSurrogate(y);
                if (xSurrogate != ySurrogate) {
                    return xSurrogate ? 1 : -1;
                }
                return Character.compare(x, y);
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
