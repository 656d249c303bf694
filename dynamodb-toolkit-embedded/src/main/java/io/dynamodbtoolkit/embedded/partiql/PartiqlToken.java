package io.dynamodbtoolkit.embedded.partiql;

import java.util.Locale;

/**
 * A token of a PartiQL statement.
 *
 * @param type  what it is
 * @param text  its text (for a quoted identifier or a string, the value without quotes)
 * @param start where it starts in the statement, for error messages
 */
record PartiqlToken(Type type, String text, int start) {

    enum Type {
        WORD, QUOTED_NAME, STRING, NUMBER, PARAMETER, SYMBOL, EOF
    }

    /** Whether this is the (case-insensitive) keyword. */
    boolean isKeyword(String keyword) {
        return type == Type.WORD && text.toUpperCase(Locale.ROOT).equals(keyword);
    }

    boolean isSymbol(String symbol) {
        return type == Type.SYMBOL && text.equals(symbol);
    }

    String display() {
        return switch (type) {
            case EOF -> "end of statement";
            case STRING -> "'" + text + "'";
            case QUOTED_NAME -> "\"" + text + "\"";
            default -> text;
        };
    }
}
