package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition.Comparator;
import io.dynamodbtoolkit.embedded.expression.DocumentPath;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.PathOperand;
import io.dynamodbtoolkit.embedded.expression.ParsedOperand.ValueOperand;
import io.dynamodbtoolkit.embedded.expression.PathElement;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.ParsedUpdateAction;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.DataType;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringSetValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.StringValue;
import io.dynamodbtoolkit.embedded.error.NumberValidation;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser of the PartiQL statements DynamoDB runs: SELECT, INSERT, UPDATE, DELETE and (in
 * transactions) EXISTS. {@code ?} parameters are taken from the request's Parameters in order; conditions become the
 * engine's {@link ParsedCondition}s and SET / REMOVE its update actions, so that one evaluator serves both languages.
 */
final class Parser {

    static final int MAX_STATEMENT_LENGTH = 8192;
    private static final String LITERAL = "literal";

    private final List<PartiqlToken> tokens;
    private final List<AttributeValue> parameters;
    private int position;
    private int parameterIndex;

    private Parser(String statement, List<AttributeValue> parameters) {
        this.tokens = Lexer.tokenize(statement);
        this.parameters = parameters;
    }

    /** Parses one statement, checking that it uses exactly the parameters given. */
    static Statement parse(String statement, List<AttributeValue> parameters) {
        if (statement.length() > MAX_STATEMENT_LENGTH) {
            throw DynamoDbException.validation("1 validation error detected: Value at 'statement' failed to satisfy"
                    + " constraint: Member must have length less than or equal to " + MAX_STATEMENT_LENGTH);
        }
        Parser parser = new Parser(statement, parameters);
        Statement parsed = parser.statement();
        parser.acceptSymbol(";");
        if (parser.peek().type() != PartiqlToken.Type.EOF) {
            throw parser.unexpected();
        }
        if (parser.parameterIndex != parameters.size()) {
            throw DynamoDbException.validation("Number of parameters in request and statement don't match.");
        }
        return parsed;
    }

    private Statement statement() {
        PartiqlToken first = peek();
        if (first.isKeyword("SELECT")) {
            return select();
        }
        if (first.isKeyword("INSERT")) {
            return insert();
        }
        if (first.isKeyword("UPDATE")) {
            return update();
        }
        if (first.isKeyword("DELETE")) {
            return delete();
        }
        if (first.isKeyword("EXISTS")) {
            next();
            expect("(");
            Statement.Select select = select();
            expect(")");
            return new Statement.Exists(select);
        }
        if (first.type() == PartiqlToken.Type.EOF) {
            throw PartiqlErrors.malformed("Empty statement");
        }
        throw PartiqlErrors.unsupported(first.display() + " statements are not supported by PartiQL for DynamoDB");
    }

    // ---------------------------------------------------------------- statements

    private Statement.Select select() {
        expectKeyword("SELECT");
        ParsedProjection projection = null;
        if (!acceptSymbol("*")) {
            List<DocumentPath> paths = new ArrayList<>();
            do {
                paths.add(path());
            } while (acceptSymbol(","));
            projection = new ParsedProjection(paths);
        }
        expectKeyword("FROM");
        String table = name();
        String index = acceptSymbol(".") ? name() : null;
        ParsedCondition where = acceptKeyword("WHERE") ? condition() : null;
        String orderBy = null;
        boolean descending = false;
        if (acceptKeyword("ORDER")) {
            expectKeyword("BY");
            orderBy = name();
            if (acceptKeyword("DESC")) {
                descending = true;
            } else {
                acceptKeyword("ASC");
            }
            if (peek().isSymbol(",")) {
                throw PartiqlErrors.unsupported("ORDER BY can only name the sort key");
            }
        }
        return new Statement.Select(table, index, projection, where, orderBy, descending);
    }

    private Statement.Insert insert() {
        expectKeyword("INSERT");
        expectKeyword("INTO");
        String table = name();
        if (!acceptKeyword("VALUE")) {
            throw acceptKeyword("VALUES") ? PartiqlErrors.unsupported("INSERT takes one item: use VALUE {...}")
                    : unexpected();
        }
        AttributeValue item = value();
        if (!(item instanceof MapValue map)) {
            throw PartiqlErrors.malformed("INSERT VALUE must be a map of attribute names to values, e.g."
                    + " {'pk': 'a', 'n': 1}");
        }
        return new Statement.Insert(table, map.values());
    }

    private Statement.Update update() {
        expectKeyword("UPDATE");
        String table = name();
        List<ParsedUpdateAction> actions = new ArrayList<>();
        while (true) {
            if (acceptKeyword("SET")) {
                do {
                    DocumentPath path = path();
                    expect("=");
                    actions.add(setValue(path));
                } while (acceptSymbol(","));
            } else if (acceptKeyword("REMOVE")) {
                do {
                    actions.add(new ParsedUpdateAction.Remove(path()));
                } while (acceptSymbol(","));
            } else {
                break;
            }
        }
        if (actions.isEmpty()) {
            throw PartiqlErrors.malformed("UPDATE needs at least one SET or REMOVE clause");
        }
        expectKeyword("WHERE");
        ParsedCondition where = condition();
        ReturnValues returning = returning(true);
        return new Statement.Update(table, actions, where, returning);
    }

    private Statement.Delete delete() {
        expectKeyword("DELETE");
        expectKeyword("FROM");
        String table = name();
        expectKeyword("WHERE");
        ParsedCondition where = condition();
        ReturnValues returning = returning(false);
        return new Statement.Delete(table, where, returning);
    }

    private ReturnValues returning(boolean update) {
        if (!acceptKeyword("RETURNING")) {
            return ReturnValues.NONE;
        }
        boolean all = acceptKeyword("ALL");
        if (!all && !acceptKeyword("MODIFIED")) {
            throw unexpected();
        }
        boolean old = acceptKeyword("OLD");
        if (!old && !acceptKeyword("NEW")) {
            throw unexpected();
        }
        expect("*");
        if (!update && !(all && old)) {
            throw PartiqlErrors.unsupported("DELETE can only return ALL OLD *");
        }
        return all ? (old ? ReturnValues.ALL_OLD : ReturnValues.ALL_NEW)
                : (old ? ReturnValues.UPDATED_OLD : ReturnValues.UPDATED_NEW);
    }

    /** The value of {@code SET path = ...}: a value, a path, arithmetic, list_append, set_add or set_delete. */
    private ParsedUpdateAction setValue(DocumentPath path) {
        PartiqlToken start = peek();
        if (start.type() == PartiqlToken.Type.WORD && peek(1).isSymbol("(")) {
            String function = start.text().toLowerCase(java.util.Locale.ROOT);
            if (function.equals("set_add") || function.equals("set_delete")) {
                next();
                expect("(");
                DocumentPath target = path();
                expect(",");
                ValueOperand elements = new ValueOperand(LITERAL, value());
                expect(")");
                if (!target.equals(path)) {
                    throw PartiqlErrors.unsupported(function + " must name the attribute it updates");
                }
                requireSet(function, elements.value());
                return function.equals("set_add") ? new ParsedUpdateAction.Add(path, elements)
                        : new ParsedUpdateAction.Delete(path, elements);
            }
        }
        ParsedOperand value = updateOperand();
        if (peek().isSymbol("+") || peek().isSymbol("-")) {
            char operator = next().text().charAt(0);
            value = new ParsedOperand.Arithmetic(value, operator, updateOperand());
        }
        return new ParsedUpdateAction.Set(path, value);
    }

    private static void requireSet(String function, AttributeValue value) {
        DataType type = value.type();
        if (type != DataType.SS && type != DataType.NS && type != DataType.BS) {
            throw DynamoDbException.validation("Invalid argument for " + function + ": expected a set (a bag <<...>>"
                    + " of strings or numbers), got " + type.description());
        }
    }

    private ParsedOperand updateOperand() {
        PartiqlToken start = peek();
        if (start.type() == PartiqlToken.Type.WORD && peek(1).isSymbol("(")) {
            String function = start.text().toLowerCase(java.util.Locale.ROOT);
            next();
            expect("(");
            if (function.equals("list_append")) {
                ParsedOperand first = updateOperand();
                expect(",");
                ParsedOperand second = updateOperand();
                expect(")");
                return new ParsedOperand.ListAppend(first, second);
            }
            if (function.equals("if_not_exists")) {
                DocumentPath path = path();
                expect(",");
                ParsedOperand fallback = updateOperand();
                expect(")");
                return new ParsedOperand.IfNotExists(path, fallback);
            }
            throw PartiqlErrors.unsupported("the function " + start.text() + " in SET");
        }
        return operand();
    }

    // ---------------------------------------------------------------- conditions

    private ParsedCondition condition() {
        ParsedCondition left = conjunction();
        while (acceptKeyword("OR")) {
            left = new ParsedCondition.Or(left, conjunction());
        }
        return left;
    }

    private ParsedCondition conjunction() {
        ParsedCondition left = negation();
        while (acceptKeyword("AND")) {
            left = new ParsedCondition.And(left, negation());
        }
        return left;
    }

    private ParsedCondition negation() {
        if (acceptKeyword("NOT")) {
            return new ParsedCondition.Not(negation());
        }
        return predicate();
    }

    private ParsedCondition predicate() {
        if (peek().isSymbol("(") && startsCondition(position + 1)) {
            next();
            ParsedCondition inner = condition();
            expect(")");
            return inner;
        }
        PartiqlToken start = peek();
        if (start.type() == PartiqlToken.Type.WORD && peek(1).isSymbol("(")) {
            String function = start.text().toLowerCase(java.util.Locale.ROOT);
            switch (function) {
                case "begins_with", "contains", "attribute_type" -> {
                    next();
                    expect("(");
                    ParsedOperand subject = operand();
                    expect(",");
                    ParsedOperand argument = operand();
                    expect(")");
                    return function(function, subject, argument);
                }
                case "exists" -> throw PartiqlErrors.unsupported("EXISTS is only a statement of ExecuteTransaction");
                default -> {
                    // size(...) is an operand
                }
            }
        }
        ParsedOperand left = operand();
        PartiqlToken operator = next();
        Comparator comparator = comparatorOf(operator);
        if (comparator != null) {
            return new ParsedCondition.Comparison(comparator, left, operand());
        }
        boolean negated = operator.isKeyword("NOT");
        if (negated) {
            operator = next();
        }
        ParsedCondition condition;
        if (operator.isKeyword("BETWEEN")) {
            ParsedOperand low = operand();
            expectKeyword("AND");
            condition = new ParsedCondition.Between(left, low, operand());
        } else if (operator.isKeyword("IN")) {
            condition = new ParsedCondition.In(left, inList());
        } else if (operator.isKeyword("IS") && !negated) {
            boolean not = acceptKeyword("NOT");
            DocumentPath path = left instanceof PathOperand p ? p.path() : null;
            if (path == null) {
                throw PartiqlErrors.unsupported("IS MISSING and IS NULL apply to attributes");
            }
            if (acceptKeyword("MISSING")) {
                return not ? new ParsedCondition.AttributeExists(path) : new ParsedCondition.AttributeNotExists(path);
            }
            expectKeyword("NULL");
            ParsedCondition isNull = new ParsedCondition.Or(new ParsedCondition.AttributeNotExists(path),
                    new ParsedCondition.AttributeTypeIs(path, DataType.NULL));
            return not ? new ParsedCondition.Not(isNull) : isNull;
        } else {
            throw unexpected(operator);
        }
        return negated ? new ParsedCondition.Not(condition) : condition;
    }

    /** Whether the tokens from {@code index} start a condition rather than a value in parentheses. */
    private boolean startsCondition(int index) {
        int depth = 0;
        for (int i = index; i < tokens.size(); i++) {
            PartiqlToken token = tokens.get(i);
            if (token.isSymbol("(")) {
                depth++;
            } else if (token.isSymbol(")")) {
                if (depth == 0) {
                    return false;
                }
                depth--;
            } else if (depth == 0 && (comparatorOf(token) != null || token.isKeyword("AND") || token.isKeyword("OR")
                    || token.isKeyword("NOT") || token.isKeyword("BETWEEN") || token.isKeyword("IN")
                    || token.isKeyword("IS"))) {
                return true;
            } else if (token.type() == PartiqlToken.Type.EOF) {
                return false;
            }
        }
        return false;
    }

    private ParsedCondition function(String name, ParsedOperand subject, ParsedOperand argument) {
        return switch (name) {
            case "begins_with" -> new ParsedCondition.BeginsWith(subject, argument);
            case "contains" -> new ParsedCondition.Contains(subject, argument);
            default -> {
                if (!(subject instanceof PathOperand path)) {
                    throw PartiqlErrors.unsupported("attribute_type applies to an attribute");
                }
                if (!(argument instanceof ValueOperand value) || !(value.value() instanceof StringValue type)) {
                    throw PartiqlErrors.unsupported("attribute_type takes a type name such as 'S'");
                }
                try {
                    yield new ParsedCondition.AttributeTypeIs(path.path(), DataType.valueOf(type.value()));
                } catch (IllegalArgumentException e) {
                    throw DynamoDbException.validation("Invalid attribute type name found; type: " + type.value()
                            + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
                }
            }
        };
    }

    private List<ParsedOperand> inList() {
        String close;
        if (acceptSymbol("[")) {
            close = "]";
        } else if (acceptSymbol("(")) {
            close = ")";
        } else {
            throw unexpected();
        }
        List<ParsedOperand> candidates = new ArrayList<>();
        do {
            candidates.add(operand());
        } while (acceptSymbol(","));
        expect(close);
        return candidates;
    }

    private static @Nullable Comparator comparatorOf(PartiqlToken token) {
        if (token.type() != PartiqlToken.Type.SYMBOL) {
            return null;
        }
        return switch (token.text()) {
            case "=" -> Comparator.EQ;
            case "<>", "!=" -> Comparator.NE;
            case "<" -> Comparator.LT;
            case "<=" -> Comparator.LE;
            case ">" -> Comparator.GT;
            case ">=" -> Comparator.GE;
            default -> null;
        };
    }

    // ---------------------------------------------------------------- operands and values

    /** A path, a value (literal or parameter), or {@code size(path)}. */
    private ParsedOperand operand() {
        PartiqlToken token = peek();
        if (token.type() == PartiqlToken.Type.WORD && peek(1).isSymbol("(")) {
            if (!token.text().equalsIgnoreCase("size")) {
                throw PartiqlErrors.unsupported("the function " + token.text() + " here");
            }
            next();
            expect("(");
            DocumentPath path = path();
            expect(")");
            return new ParsedOperand.Size(path);
        }
        if (startsValue(token)) {
            return new ValueOperand(LITERAL, value());
        }
        return new PathOperand(path());
    }

    private boolean startsValue(PartiqlToken token) {
        return token.type() == PartiqlToken.Type.STRING || token.type() == PartiqlToken.Type.NUMBER
                || token.type() == PartiqlToken.Type.PARAMETER || token.isSymbol("[") || token.isSymbol("{")
                || token.isSymbol("<<") || token.isSymbol("-") || token.isKeyword("TRUE") || token.isKeyword("FALSE")
                || token.isKeyword("NULL");
    }

    /** A literal or a parameter. */
    private AttributeValue value() {
        PartiqlToken token = next();
        switch (token.type()) {
            case STRING -> {
                return AttributeValue.string(token.text());
            }
            case NUMBER -> {
                return number(token.text());
            }
            case PARAMETER -> {
                if (parameterIndex >= parameters.size()) {
                    throw DynamoDbException.validation("Number of parameters in request and statement don't match.");
                }
                return parameters.get(parameterIndex++);
            }
            default -> {
                // below
            }
        }
        if (token.isSymbol("-") && peek().type() == PartiqlToken.Type.NUMBER) {
            return number("-" + next().text());
        }
        if (token.isKeyword("TRUE") || token.isKeyword("FALSE")) {
            return token.isKeyword("TRUE") ? AttributeValue.BooleanValue.TRUE : AttributeValue.BooleanValue.FALSE;
        }
        if (token.isKeyword("NULL")) {
            return AttributeValue.NullValue.INSTANCE;
        }
        if (token.isSymbol("[")) {
            List<AttributeValue> elements = new ArrayList<>();
            if (!acceptSymbol("]")) {
                do {
                    elements.add(value());
                } while (acceptSymbol(","));
                expect("]");
            }
            return new ListValue(elements);
        }
        if (token.isSymbol("{")) {
            Map<String, AttributeValue> members = new LinkedHashMap<>();
            if (!acceptSymbol("}")) {
                do {
                    PartiqlToken key = next();
                    if (key.type() != PartiqlToken.Type.STRING) {
                        throw PartiqlErrors.malformed("A map key must be a string in single quotes, found "
                                + key.display());
                    }
                    expect(":");
                    if (members.put(key.text(), value()) != null) {
                        throw PartiqlErrors.malformed("Duplicate key '" + key.text() + "' in a map");
                    }
                } while (acceptSymbol(","));
                expect("}");
            }
            return new MapValue(members);
        }
        if (token.isSymbol("<<")) {
            List<AttributeValue> elements = new ArrayList<>();
            do {
                elements.add(value());
            } while (acceptSymbol(","));
            expect(">>");
            return set(elements);
        }
        throw unexpected(token);
    }

    private static AttributeValue number(String text) {
        return new NumberValue(NumberValidation.parse(text));
    }

    /** A bag {@code <<...>>} of strings or of numbers, as a string set or a number set. */
    private static AttributeValue set(List<AttributeValue> elements) {
        if (elements.stream().allMatch(element -> element instanceof StringValue)) {
            Set<String> strings = new LinkedHashSet<>();
            elements.forEach(element -> strings.add(((StringValue) element).value()));
            return new StringSetValue(strings);
        }
        if (elements.stream().allMatch(element -> element instanceof NumberValue)) {
            Set<BigDecimal> numbers = new LinkedHashSet<>();
            elements.forEach(element -> numbers.add(((NumberValue) element).value()));
            return new NumberSetValue(numbers);
        }
        if (elements.stream().allMatch(element -> element instanceof AttributeValue.BinaryValue)) {
            Set<io.dynamodbtoolkit.embedded.model.Bytes> bytes = new LinkedHashSet<>();
            elements.forEach(element -> bytes.add(((AttributeValue.BinaryValue) element).value()));
            return new AttributeValue.BinarySetValue(bytes);
        }
        throw PartiqlErrors.unsupported("a set (<<...>>) must hold only strings, only numbers or only binary values");
    }

    /** A document path: a name, then {@code .name}, {@code ."name"} or {@code [index]} steps. */
    private DocumentPath path() {
        List<PathElement> elements = new ArrayList<>();
        elements.add(new PathElement.Name(name()));
        while (true) {
            if (peek().isSymbol(".") && (peek(1).type() == PartiqlToken.Type.WORD
                    || peek(1).type() == PartiqlToken.Type.QUOTED_NAME)) {
                next();
                elements.add(new PathElement.Name(name()));
            } else if (peek().isSymbol("[")) {
                next();
                PartiqlToken index = next();
                if (index.type() == PartiqlToken.Type.NUMBER && index.text().chars().allMatch(Character::isDigit)) {
                    elements.add(new PathElement.Index(Integer.parseInt(index.text())));
                } else if (index.type() == PartiqlToken.Type.STRING) {
                    elements.add(new PathElement.Name(index.text()));
                } else {
                    throw unexpected(index);
                }
                expect("]");
            } else {
                return new DocumentPath(elements);
            }
        }
    }

    /** A table, index or attribute name: a word or a "quoted name". */
    private String name() {
        PartiqlToken token = peek();
        if (token.type() == PartiqlToken.Type.QUOTED_NAME || (token.type() == PartiqlToken.Type.WORD
                && !Keywords.isKeyword(token))) {
            next();
            return token.text();
        }
        throw unexpected();
    }

    // ---------------------------------------------------------------- tokens

    private PartiqlToken peek() {
        return tokens.get(position);
    }

    private PartiqlToken peek(int ahead) {
        return tokens.get(Math.min(position + ahead, tokens.size() - 1));
    }

    private PartiqlToken next() {
        PartiqlToken token = tokens.get(position);
        if (position < tokens.size() - 1) {
            position++;
        }
        return token;
    }

    private boolean acceptKeyword(String keyword) {
        if (peek().isKeyword(keyword)) {
            next();
            return true;
        }
        return false;
    }

    private boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            next();
            return true;
        }
        return false;
    }

    private void expectKeyword(String keyword) {
        if (!acceptKeyword(keyword)) {
            throw PartiqlErrors.malformed("Expected " + keyword + " but found " + peek().display() + " at position "
                    + peek().start());
        }
    }

    private void expect(String symbol) {
        if (!acceptSymbol(symbol)) {
            throw PartiqlErrors.malformed("Expected '" + symbol + "' but found " + peek().display() + " at position "
                    + peek().start());
        }
    }

    private DynamoDbException unexpected() {
        return unexpected(peek());
    }

    private static DynamoDbException unexpected(PartiqlToken token) {
        return PartiqlErrors.malformed("Unexpected " + (token.type() == PartiqlToken.Type.EOF ? "end of statement"
                : "token " + token.display() + " at position " + token.start()));
    }
}
