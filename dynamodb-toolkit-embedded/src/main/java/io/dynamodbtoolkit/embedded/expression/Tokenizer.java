package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression into tokens. */
final class Tokenizer {

    private Tokenizer() {
    }

    static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    static List<Token> tokenize(String text, ExpressionKind kind) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int start = i;
            Token.Type type;
            if (c == '#' || c == ':') {
                i++;
                while (i < text.length() && isNameChar(text.charAt(i))) {
                    i++;
                }
                if (i == start + 1) {
                    throw syntaxError(kind, text, tokens, new Token(Token.Type.NAME, String.valueOf(c), start, i));
                }
                type = c == '#' ? Token.Type.NAME_PLACEHOLDER : Token.Type.VALUE_PLACEHOLDER;
            } else if (c >= '0' && c <= '9') {
                while (i < text.length() && isNameChar(text.charAt(i))) {
                    i++;
                }
                type = text.substring(start, i).chars().allMatch(Character::isDigit) ? Token.Type.NUMBER
                        : Token.Type.NAME;
            } else if (isNameChar(c)) {
                while (i < text.length() && isNameChar(text.charAt(i))) {
                    i++;
                }
                type = Token.Type.NAME;
            } else {
                i++;
                switch (c) {
                    case '(' -> type = Token.Type.LPAREN;
                    case ')' -> type = Token.Type.RPAREN;
                    case '[' -> type = Token.Type.LBRACKET;
                    case ']' -> type = Token.Type.RBRACKET;
                    case ',' -> type = Token.Type.COMMA;
                    case '.' -> type = Token.Type.DOT;
                    case '=' -> type = Token.Type.EQ;
                    case '+' -> type = Token.Type.PLUS;
                    case '-' -> type = Token.Type.MINUS;
                    case '<' -> {
                        if (i < text.length() && text.charAt(i) == '=') {
                            i++;
                            type = Token.Type.LE;
                        } else if (i < text.length() && text.charAt(i) == '>') {
                            i++;
                            type = Token.Type.NE;
                        } else {
                            type = Token.Type.LT;
                        }
                    }
                    case '>' -> {
                        if (i < text.length() && text.charAt(i) == '=') {
                            i++;
                            type = Token.Type.GE;
                        } else {
                            type = Token.Type.GT;
                        }
                    }
                    default -> throw DynamoDbException.validation("Invalid " + kind.parameterName()
                            + ": Invalid character encountered; character: " + c + ", near: \""
                            + text.substring(Math.max(0, start - 10), Math.min(text.length(), start + 10)) + "\"");
                }
            }
            tokens.add(new Token(type, text.substring(start, i), start, i));
        }
        tokens.add(new Token(Token.Type.EOF, "", text.length(), text.length()));
        return tokens;
    }

    /** A syntax error at the token, quoting the text from the previous token to the next, as DynamoDB does. */
    static DynamoDbException syntaxError(ExpressionKind kind, String text, List<Token> tokens, Token at) {
        int index = tokens.indexOf(at);
        int from = at.start();
        int to = at.end();
        if (index > 0) {
            from = tokens.get(index - 1).start();
        } else if (index < 0 && !tokens.isEmpty()) {
            from = tokens.get(tokens.size() - 1).start();
        }
        if (index >= 0 && index + 1 < tokens.size()) {
            to = tokens.get(index + 1).end();
        }
        return DynamoDbException.validation("Invalid " + kind.parameterName() + ": Syntax error; token: \""
                + at.display() + "\", near: \"" + text.substring(from, Math.min(to, text.length())) + "\"");
    }
}
