package io.dynamodbtoolkit.embedded.expression;

import java.util.Locale;

/** A token of an expression, with its place in the expression text for error messages. */
record Token(Type type, String text, int start, int end) {

    enum Type {
        NAME, NAME_PLACEHOLDER, VALUE_PLACEHOLDER, NUMBER, LPAREN, RPAREN, LBRACKET, RBRACKET, COMMA, DOT,
        EQ, NE, LT, LE, GT, GE, PLUS, MINUS, EOF
    }

    /** Whether this is the (case-insensitive) keyword. */
    boolean isKeyword(String keyword) {
        return type == Type.NAME && text.toUpperCase(Locale.ROOT).equals(keyword);
    }

    String display() {
        return type == Type.EOF ? "<EOF>" : text;
    }
}
