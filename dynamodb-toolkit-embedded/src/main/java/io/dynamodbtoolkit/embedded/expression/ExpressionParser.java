package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition.Comparator;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.model.ValueOrder;
import org.jspecify.annotations.Nullable;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Recursive-descent parser of DynamoDB's expression language: conditions (with the precedence DynamoDB defines:
 * comparators, IN, BETWEEN, functions, NOT, AND, OR), updates (SET, REMOVE, ADD, DELETE) and projections.
 * Placeholders are resolved while parsing, so the tree holds attribute names and values.
 */
public final class ExpressionParser {

    private static final int MAX_IN_OPERANDS = 100;
    /** DynamoDB's limit on each expression parameter, in UTF-8 bytes as sent (placeholders not substituted). */
    private static final int MAX_EXPRESSION_BYTES = 4096;
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains");
    private static final Set<String> ALL_FUNCTIONS = Set.of("attribute_exists", "attribute_not_exists",
            "attribute_type", "begins_with", "contains", "size", "if_not_exists", "list_append");

    private final String text;
    private final ExpressionKind kind;
    private final ExpressionAttributes attributes;
    private final List<Token> tokens;
    private final Set<ParsedCondition> parenthesized = Collections.newSetFromMap(new IdentityHashMap<>());
    private int position;

    private ExpressionParser(String text, ExpressionKind kind, ExpressionAttributes attributes) {
        if (text.isBlank()) {
            throw DynamoDbException.validation("Invalid " + kind.parameterName()
                    + ": The expression can not be empty;");
        }
        int size = text.getBytes(StandardCharsets.UTF_8).length;
        if (size > MAX_EXPRESSION_BYTES) {
            throw DynamoDbException.validation("Invalid " + kind.parameterName()
                    + ": Expression size has exceeded the maximum allowed size; expression size: " + size);
        }
        this.text = text;
        this.kind = kind;
        this.attributes = attributes;
        this.tokens = Tokenizer.tokenize(text, kind);
    }

    /** Parses a ConditionExpression, FilterExpression or KeyConditionExpression. */
    public static ParsedCondition parseCondition(String text, ExpressionKind kind, ExpressionAttributes attributes) {
        ExpressionParser parser = new ExpressionParser(text, kind, attributes);
        ParsedCondition condition = parser.parseOr();
        parser.expect(Token.Type.EOF);
        return condition;
    }

    /** Parses an UpdateExpression. */
    public static UpdateExpression parseUpdate(String text, ExpressionAttributes attributes) {
        return new ExpressionParser(text, ExpressionKind.UPDATE, attributes).parseUpdateSections();
    }

    /** Parses a ProjectionExpression. */
    public static ParsedProjection parseProjection(String text, ExpressionAttributes attributes) {
        ExpressionParser parser = new ExpressionParser(text, ExpressionKind.PROJECTION, attributes);
        List<DocumentPath> paths = new ArrayList<>();
        paths.add(parser.parsePath());
        while (parser.accept(Token.Type.COMMA)) {
            paths.add(parser.parsePath());
        }
        parser.expect(Token.Type.EOF);
        parser.checkPathsDisjoint(paths);
        return new ParsedProjection(paths);
    }

    // ---------------------------------------------------------------- conditions

    private ParsedCondition parseOr() {
        ParsedCondition left = parseAnd();
        while (peek().isKeyword("OR")) {
            next();
            left = new ParsedCondition.Or(left, parseAnd());
        }
        return left;
    }

    private ParsedCondition parseAnd() {
        ParsedCondition left = parseNot();
        while (peek().isKeyword("AND")) {
            next();
            left = new ParsedCondition.And(left, parseNot());
        }
        return left;
    }

    private ParsedCondition parseNot() {
        if (peek().isKeyword("NOT")) {
            next();
            return new ParsedCondition.Not(parseNot());
        }
        return parsePrimary();
    }

    private ParsedCondition parsePrimary() {
        if (accept(Token.Type.LPAREN)) {
            ParsedCondition inner = parseOr();
            expect(Token.Type.RPAREN);
            if (parenthesized.contains(inner)) {
                throw invalid("The expression has redundant parentheses;");
            }
            parenthesized.add(inner);
            return inner;
        }
        Token start = peek();
        if (start.type() == Token.Type.NAME && peek(1).type() == Token.Type.LPAREN
                && CONDITION_FUNCTIONS.contains(start.text())) {
            next();
            return conditionFunction(start.text(), parseArguments(false));
        }
        ParsedOperand left = parseConditionOperand();
        Token operator = peek();
        Comparator comparator = comparator(operator.type());
        if (comparator != null) {
            next();
            ParsedOperand right = parseConditionOperand();
            if (comparator != Comparator.EQ && comparator != Comparator.NE) {
                requireOrderable(comparator.symbol(), left);
                requireOrderable(comparator.symbol(), right);
            }
            return new ParsedCondition.Comparison(comparator, left, right);
        }
        if (operator.isKeyword("BETWEEN")) {
            next();
            ParsedOperand low = parseConditionOperand();
            if (!peek().isKeyword("AND")) {
                throw syntaxError(peek());
            }
            next();
            ParsedOperand high = parseConditionOperand();
            requireOrderable("BETWEEN", left);
            requireOrderable("BETWEEN", low);
            requireOrderable("BETWEEN", high);
            checkBetweenBounds(low, high);
            return new ParsedCondition.Between(left, low, high);
        }
        if (operator.isKeyword("IN")) {
            next();
            expect(Token.Type.LPAREN);
            List<ParsedOperand> candidates = new ArrayList<>();
            candidates.add(parseConditionOperand());
            while (accept(Token.Type.COMMA)) {
                candidates.add(parseConditionOperand());
            }
            expect(Token.Type.RPAREN);
            if (candidates.size() > MAX_IN_OPERANDS) {
                throw invalid("The IN operator is provided with too many operands; number of operands: "
                        + candidates.size());
            }
            return new ParsedCondition.In(left, candidates);
        }
        throw syntaxError(operator);
    }

    private static @Nullable Comparator comparator(Token.Type type) {
        return switch (type) {
            case EQ -> Comparator.EQ;
            case NE -> Comparator.NE;
            case LT -> Comparator.LT;
            case LE -> Comparator.LE;
            case GT -> Comparator.GT;
            case GE -> Comparator.GE;
            default -> null;
        };
    }

    private ParsedCondition conditionFunction(String name, List<ParsedOperand> args) {
        switch (name) {
            case "attribute_exists", "attribute_not_exists" -> {
                requireArgumentCount(name, args, 1);
                DocumentPath path = requirePath(name, args.get(0));
                return name.equals("attribute_exists") ? new ParsedCondition.AttributeExists(path)
                        : new ParsedCondition.AttributeNotExists(path);
            }
            case "attribute_type" -> {
                requireArgumentCount(name, args, 2);
                DocumentPath path = requirePath(name, args.get(0));
                return new ParsedCondition.AttributeTypeIs(path, typeName(args.get(1)));
            }
            case "begins_with" -> {
                requireArgumentCount(name, args, 2);
                for (ParsedOperand arg : args) {
                    if (arg instanceof ValueOperand value && value.value().type() != DataType.S
                            && value.value().type() != DataType.B) {
                        throw incorrectOperandType(name, value.value().type());
                    }
                }
                return new ParsedCondition.BeginsWith(args.get(0), args.get(1));
            }
            default -> {
                requireArgumentCount(name, args, 2);
                return new ParsedCondition.Contains(args.get(0), args.get(1));
            }
        }
    }

    private DataType typeName(ParsedOperand operand) {
        if (operand instanceof ValueOperand value && value.value() instanceof StringValue s) {
            try {
                return DataType.valueOf(s.value());
            } catch (IllegalArgumentException e) {
                throw invalid("Invalid attribute type name found; type: " + s.value()
                        + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
            }
        }
        if (operand instanceof ValueOperand value) {
            throw incorrectOperandType("attribute_type", value.value().type());
        }
        throw invalid("Incorrect operand type for operator or function; operator or function: attribute_type, "
                + "operand type: document path");
    }

    private ParsedOperand parseConditionOperand() {
        Token token = peek();
        if (token.type() == Token.Type.NAME && peek(1).type() == Token.Type.LPAREN) {
            next();
            String name = token.text();
            List<ParsedOperand> args = parseArguments(false);
            if (!name.equals("size")) {
                throw functionNotAllowed(name);
            }
            requireArgumentCount(name, args, 1);
            return new ParsedOperand.Size(requirePath(name, args.get(0)));
        }
        return parseSimpleOperand();
    }

    private ParsedOperand parseSimpleOperand() {
        Token token = peek();
        if (token.type() == Token.Type.VALUE_PLACEHOLDER) {
            next();
            return new ValueOperand(token.text(), attributes.value(token.text(), kind));
        }
        return new PathOperand(parsePath());
    }

    private List<ParsedOperand> parseArguments(boolean updateContext) {
        expect(Token.Type.LPAREN);
        List<ParsedOperand> args = new ArrayList<>();
        if (peek().type() != Token.Type.RPAREN) {
            args.add(updateContext ? parseUpdateOperand() : parseConditionOperand());
            while (accept(Token.Type.COMMA)) {
                args.add(updateContext ? parseUpdateOperand() : parseConditionOperand());
            }
        }
        expect(Token.Type.RPAREN);
        return args;
    }

    private void requireArgumentCount(String function, List<ParsedOperand> args, int expected) {
        if (args.size() != expected) {
            throw invalid("Incorrect number of operands for operator or function; operator or function: " + function
                    + ", number of operands: " + args.size());
        }
    }

    private DocumentPath requirePath(String function, ParsedOperand operand) {
        if (operand instanceof PathOperand path) {
            return path.path();
        }
        throw invalid("Operator or function requires a document path; operator or function: " + function);
    }

    private void requireOrderable(String operator, ParsedOperand operand) {
        if (operand instanceof ValueOperand value && !value.value().type().isScalarKeyType()) {
            throw incorrectOperandType(operator, value.value().type());
        }
    }

    private void checkBetweenBounds(ParsedOperand low, ParsedOperand high) {
        if (low instanceof ValueOperand lo && high instanceof ValueOperand hi
                && ValueOrder.comparable(lo.value(), hi.value()) && ValueOrder.compare(lo.value(), hi.value()) > 0) {
            throw invalid("The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                    + "lower bound operand: AttributeValue: {" + describe(lo.value()) + "}, upper bound operand: "
                    + "AttributeValue: {" + describe(hi.value()) + "}");
        }
    }

    private static String describe(AttributeValue value) {
        String text = value instanceof StringValue s ? s.value()
                : value instanceof AttributeValue.BinaryValue b ? b.value().toBase64() : value.toString();
        return value.type() + ":" + text;
    }

    // ---------------------------------------------------------------- updates

    private UpdateExpression parseUpdateSections() {
        List<ParsedUpdateAction> actions = new ArrayList<>();
        Set<String> sections = new LinkedHashSet<>();
        while (peek().type() != Token.Type.EOF) {
            Token keyword = next();
            String section = keyword.type() == Token.Type.NAME ? keyword.text().toUpperCase(Locale.ROOT) : "";
            if (!Set.of("SET", "REMOVE", "ADD", "DELETE").contains(section)) {
                throw syntaxError(keyword);
            }
            if (!sections.add(section)) {
                throw invalid("The \"" + section + "\" section can only be used once in an update expression;");
            }
            do {
                actions.add(parseUpdateAction(section));
            } while (accept(Token.Type.COMMA));
        }
        List<DocumentPath> paths = new ArrayList<>();
        for (ParsedUpdateAction action : actions) {
            paths.add(action.path());
        }
        checkPathsDisjoint(paths);
        return new UpdateExpression(actions);
    }

    private ParsedUpdateAction parseUpdateAction(String section) {
        DocumentPath path = parsePath();
        switch (section) {
            case "SET" -> {
                expect(Token.Type.EQ);
                return new ParsedUpdateAction.Set(path, parseSetValue());
            }
            case "REMOVE" -> {
                return new ParsedUpdateAction.Remove(path);
            }
            case "ADD" -> {
                ValueOperand value = parseActionValue();
                DataType type = value.value().type();
                if (type != DataType.N && type != DataType.SS && type != DataType.NS
                        && type != DataType.BS) {
                    throw invalid("Incorrect operand type for operator or function; operator: ADD, operand type: "
                            + type.description());
                }
                return new ParsedUpdateAction.Add(path, value);
            }
            default -> {
                ValueOperand value = parseActionValue();
                DataType type = value.value().type();
                if (type != DataType.SS && type != DataType.NS && type != DataType.BS) {
                    throw invalid("Incorrect operand type for operator or function; operator: DELETE, operand type: "
                            + type.description());
                }
                return new ParsedUpdateAction.Delete(path, value);
            }
        }
    }

    private ValueOperand parseActionValue() {
        Token token = peek();
        if (token.type() != Token.Type.VALUE_PLACEHOLDER) {
            throw syntaxError(token);
        }
        next();
        return new ValueOperand(token.text(), attributes.value(token.text(), kind));
    }

    /**
     * A SET action's value: an operand, or two joined by {@code +} or {@code -}; the value and each operand may be
     * wrapped in parentheses, at any depth, but one value holds one operator at most (as without parentheses).
     */
    private ParsedOperand parseSetValue() {
        ParsedOperand value = parseSetOperand();
        Token operator = peek();
        if (operator.type() == Token.Type.PLUS || operator.type() == Token.Type.MINUS) {
            next();
            ParsedOperand right = parseSetOperand();
            if (value instanceof ParsedOperand.Arithmetic || right instanceof ParsedOperand.Arithmetic) {
                throw syntaxError(operator);
            }
            requireNumberLiteral(operator.text(), value);
            requireNumberLiteral(operator.text(), right);
            value = new ParsedOperand.Arithmetic(value, operator.text().charAt(0), right);
        }
        return value;
    }

    private ParsedOperand parseSetOperand() {
        if (accept(Token.Type.LPAREN)) {
            ParsedOperand inner = parseSetValue();
            expect(Token.Type.RPAREN);
            return inner;
        }
        return parseUpdateOperand();
    }

    private ParsedOperand parseUpdateOperand() {
        Token token = peek();
        if (token.type() == Token.Type.NAME && peek(1).type() == Token.Type.LPAREN) {
            next();
            String name = token.text();
            List<ParsedOperand> args = parseArguments(true);
            if (name.equals("if_not_exists")) {
                requireArgumentCount(name, args, 2);
                return new ParsedOperand.IfNotExists(requirePath(name, args.get(0)), args.get(1));
            }
            if (name.equals("list_append")) {
                requireArgumentCount(name, args, 2);
                for (ParsedOperand arg : args) {
                    if (arg instanceof ValueOperand value && value.value().type() != DataType.L) {
                        throw incorrectOperandType(name, value.value().type());
                    }
                }
                return new ParsedOperand.ListAppend(args.get(0), args.get(1));
            }
            throw functionNotAllowed(name);
        }
        return parseSimpleOperand();
    }

    private void requireNumberLiteral(String operator, ParsedOperand operand) {
        if (operand instanceof ValueOperand value && value.value().type() != DataType.N) {
            throw incorrectOperandType(operator, value.value().type());
        }
    }

    // ---------------------------------------------------------------- paths

    private DocumentPath parsePath() {
        List<PathElement> elements = new ArrayList<>();
        elements.add(new PathElement.Name(parseName()));
        while (true) {
            if (accept(Token.Type.DOT)) {
                elements.add(new PathElement.Name(parseName()));
            } else if (peek().type() == Token.Type.LBRACKET) {
                next();
                Token number = peek();
                if (number.type() != Token.Type.NUMBER) {
                    throw syntaxError(number);
                }
                next();
                expect(Token.Type.RBRACKET);
                try {
                    elements.add(new PathElement.Index(Integer.parseInt(number.text())));
                } catch (NumberFormatException e) {
                    throw invalid("List index is out of range; index: " + number.text());
                }
            } else {
                return new DocumentPath(elements);
            }
        }
    }

    private String parseName() {
        Token token = peek();
        if (token.type() == Token.Type.NAME_PLACEHOLDER) {
            next();
            return attributes.name(token.text(), kind);
        }
        if (token.type() == Token.Type.NAME) {
            if (ALL_FUNCTIONS.contains(token.text()) && peek(1).type() == Token.Type.LPAREN) {
                throw functionNotAllowed(token.text());
            }
            if (ReservedWords.isReserved(token.text())) {
                throw invalid("Attribute name is a reserved keyword; reserved keyword: " + token.text());
            }
            if (Character.isDigit(token.text().charAt(0))) {
                throw syntaxError(token);
            }
            next();
            return token.text();
        }
        throw syntaxError(token);
    }

    /** Fails when one path is a prefix of another (overlap) or they differ in kind at one step (conflict). */
    private void checkPathsDisjoint(List<DocumentPath> paths) {
        for (int i = 0; i < paths.size(); i++) {
            for (int j = i + 1; j < paths.size(); j++) {
                DocumentPath a = paths.get(i);
                DocumentPath b = paths.get(j);
                int shared = Math.min(a.length(), b.length());
                boolean diverged = false;
                for (int k = 0; k < shared && !diverged; k++) {
                    PathElement x = a.element(k);
                    PathElement y = b.element(k);
                    if (x.getClass() != y.getClass()) {
                        throw DynamoDbException.validation("Invalid " + kind.parameterName() + ": "
                                + UpdateExpression.pathError("conflict", a, b).getMessage());
                    }
                    diverged = !x.equals(y);
                }
                if (!diverged) {
                    throw DynamoDbException.validation("Invalid " + kind.parameterName() + ": "
                            + UpdateExpression.pathError("overlap", a, b).getMessage());
                }
            }
        }
    }

    // ---------------------------------------------------------------- tokens and errors

    private Token peek() {
        return tokens.get(position);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(position + ahead, tokens.size() - 1));
    }

    private Token next() {
        Token token = tokens.get(position);
        if (position < tokens.size() - 1) {
            position++;
        }
        return token;
    }

    private boolean accept(Token.Type type) {
        if (peek().type() == type) {
            next();
            return true;
        }
        return false;
    }

    private void expect(Token.Type type) {
        if (!accept(type)) {
            throw syntaxError(peek());
        }
    }

    private DynamoDbException syntaxError(Token at) {
        return Tokenizer.syntaxError(kind, text, tokens, at);
    }

    private DynamoDbException invalid(String detail) {
        return DynamoDbException.validation("Invalid " + kind.parameterName() + ": " + detail);
    }

    private DynamoDbException incorrectOperandType(String operator, DataType type) {
        return invalid("Incorrect operand type for operator or function; operator or function: " + operator
                + ", operand type: " + type);
    }

    private DynamoDbException functionNotAllowed(String name) {
        if (!ALL_FUNCTIONS.contains(name)) {
            return invalid("Invalid function name; function: " + name);
        }
        return invalid("The function is not allowed to be used this way in an expression; function: " + name);
    }
}
