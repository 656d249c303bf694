package io.dynamodbtoolkit.filter;

import org.jspecify.annotations.Nullable;

/**
 * A filter clause that cannot be accepted: malformed, on a field that is not allowlisted, with an operator the
 * field does not allow, with a value that does not fit the field's type, or that cannot be placed in the query
 * (e.g. {@code ne} on a key attribute). Carries the clause's field, operator and value for an error response.
 */
public class InvalidFilterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The field of the rejected clause. */
    private final @Nullable String field;
    /** The operator token of the rejected clause. */
    private final @Nullable String operator;
    /** The raw value of the rejected clause. */
    private final @Nullable String value;

    /**
     * Creates the exception.
     *
     * @param message  what is wrong and what to do
     * @param field    the clause's field (may be {@code null} when the clause is malformed)
     * @param operator the clause's operator token (may be {@code null})
     * @param value    the clause's raw value (may be {@code null})
     */
    public InvalidFilterException(String message, @Nullable String field, @Nullable String operator,
            @Nullable String value) {
        super(message);
        this.field = field;
        this.operator = operator;
        this.value = value;
    }

    /**
     * The field of the rejected clause.
     *
     * @return the field, or {@code null}
     */
    public @Nullable String field() {
        return field;
    }

    /**
     * The operator token of the rejected clause.
     *
     * @return the token, or {@code null}
     */
    public @Nullable String operator() {
        return operator;
    }

    /**
     * The raw value of the rejected clause.
     *
     * @return the value text, or {@code null}
     */
    public @Nullable String value() {
        return value;
    }
}
