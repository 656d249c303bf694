package io.dynamodbtoolkit.embedded.partiql;

import java.util.ArrayList;
import java.util.List;

/** Splits a PartiQL statement into tokens: words, "quoted names", 'strings', numbers, ? and symbols. */
final class Lexer {

    private static final String[] SYMBOLS = {"<<", ">>", "<=", ">=", "<>", "!=", "=", "<", ">", "(", ")", "[", "]",
            "{", "}", ",", ".", ":", "*", "+", "-"};

    private final String text;
    private int position;

    private Lexer(String text) {
        this.text = text;
    }

    static List<PartiqlToken> tokenize(String statement) {
        return new Lexer(statement).tokens();
    }

    private List<PartiqlToken> tokens() {
        List<PartiqlToken> tokens = new ArrayList<>();
        while (true) {
            skipWhitespace();
            if (position >= text.length()) {
                tokens.add(new PartiqlToken(PartiqlToken.Type.EOF, "", position));
                return tokens;
            }
            tokens.add(next());
        }
    }

    private void skipWhitespace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (Character.isWhitespace(c)) {
                position++;
            } else if (text.startsWith("--", position)) {
                while (position < text.length() && text.charAt(position) != '\n') {
                    position++;
                }
            } else {
                return;
            }
        }
    }

    private PartiqlToken next() {
        int start = position;
        char c = text.charAt(position);
        if (c == '\'' || c == '"') {
            return quoted(c, start);
        }
        if (c == '?') {
            position++;
            return new PartiqlToken(PartiqlToken.Type.PARAMETER, "?", start);
        }
        if (Character.isDigit(c) || (c == '.' && position + 1 < text.length()
                && Character.isDigit(text.charAt(position + 1)))) {
            return number(start);
        }
        if (Character.isLetter(c) || c == '_' || c == '$') {
            while (position < text.length() && (Character.isLetterOrDigit(text.charAt(position))
                    || text.charAt(position) == '_' || text.charAt(position) == '$')) {
                position++;
            }
            return new PartiqlToken(PartiqlToken.Type.WORD, text.substring(start, position), start);
        }
        for (String symbol : SYMBOLS) {
            if (text.startsWith(symbol, position)) {
                position += symbol.length();
                return new PartiqlToken(PartiqlToken.Type.SYMBOL, symbol, start);
            }
        }
        throw PartiqlErrors.malformed("Unexpected character '" + c + "' at position " + start);
    }

    private PartiqlToken quoted(char quote, int start) {
        StringBuilder value = new StringBuilder();
        position++;
        while (true) {
            if (position >= text.length()) {
                throw PartiqlErrors.malformed("Unterminated " + (quote == '\'' ? "string" : "quoted name")
                        + " starting at position " + start);
            }
            char c = text.charAt(position++);
            if (c == quote) {
                if (position < text.length() && text.charAt(position) == quote) {
                    value.append(quote);
                    position++;
                    continue;
                }
                return new PartiqlToken(quote == '\'' ? PartiqlToken.Type.STRING : PartiqlToken.Type.QUOTED_NAME,
                        value.toString(), start);
            }
            value.append(c);
        }
    }

    private PartiqlToken number(int start) {
        while (position < text.length() && (Character.isDigit(text.charAt(position)) || text.charAt(position) == '.')) {
            position++;
        }
        if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
            int exponent = position + 1;
            if (exponent < text.length() && (text.charAt(exponent) == '+' || text.charAt(exponent) == '-')) {
                exponent++;
            }
            if (exponent < text.length() && Character.isDigit(text.charAt(exponent))) {
                position = exponent;
                while (position < text.length() && Character.isDigit(text.charAt(position))) {
                    position++;
                }
            }
        }
        return new PartiqlToken(PartiqlToken.Type.NUMBER, text.substring(start, position), start);
    }
}
