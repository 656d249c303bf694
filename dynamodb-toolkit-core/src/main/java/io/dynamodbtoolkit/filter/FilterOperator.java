package io.dynamodbtoolkit.filter;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The operators of the filter grammar {@code <op>-<field>=<value>}. The constants are the original toolkit's
 * query-string tokens ({@code btw}, {@code beg}, ...), so that configuration names them as requests do
 * ({@code operators: [lt, gt, btw]}); each stands for the builder comparison of the same meaning ({@code btw} for
 * {@code between}, {@code beg} for {@code beginsWith}, {@code ct} for {@code contains}, {@code ex} / {@code nx} for
 * {@code exists} / {@code notExists}).
 */
public enum FilterOperator {
    /** Equal: {@code eq-status=open}. */
    EQ("eq", Arity.ONE),
    /** Not equal. */
    NE("ne", Arity.ONE),
    /** Less than. */
    LT("lt", Arity.ONE),
    /** Less than or equal. */
    LE("le", Arity.ONE),
    /** Greater than. */
    GT("gt", Arity.ONE),
    /** Greater than or equal. */
    GE("ge", Arity.ONE),
    /** One of a comma-separated list: {@code in-status=open,held}. */
    IN("in", Arity.LIST),
    /** Between two comma-separated bounds, included: {@code btw-price=10,20}. */
    BTW("btw", Arity.TWO),
    /** Begins with (strings and binaries). */
    BEG("beg", Arity.ONE),
    /** Contains: a substring, or an element of a set or list. */
    CT("ct", Arity.ONE),
    /** The attribute exists; the value is ignored. */
    EX("ex", Arity.NONE),
    /** The attribute does not exist; the value is ignored. */
    NX("nx", Arity.NONE);

    /** How many values an operator takes. */
    enum Arity { NONE, ONE, TWO, LIST }

    private final String token;
    private final Arity arity;

    FilterOperator(String token, Arity arity) {
        this.token = token;
        this.arity = arity;
    }

    /**
     * The operator's token in the grammar, e.g. {@code btw}.
     *
     * @return the token
     */
    public String token() {
        return token;
    }

    Arity arity() {
        return arity;
    }

    /**
     * The operator with this token (lower case, as written in the grammar).
     *
     * @param token a token such as {@code ge}
     * @return the operator, or empty if none has that token
     */
    public static Optional<FilterOperator> fromToken(String token) {
        return Arrays.stream(values()).filter(op -> op.token.equals(token)).findFirst();
    }

    static String allTokens() {
        return Arrays.stream(values()).map(FilterOperator::token).collect(Collectors.joining(", "));
    }
}
