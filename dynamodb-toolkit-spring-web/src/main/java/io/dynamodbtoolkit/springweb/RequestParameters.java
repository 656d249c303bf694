package io.dynamodbtoolkit.springweb;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.filter.FilterOperator;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;

/**
 * Typed access to a request's query parameters, read from the query string as sent ({@link QueryString}): one value
 * each, refused (400) when malformed, and checked against what the route takes ({@link RouteParameters}).
 */
final class RequestParameters {

    /** A whole number as a client writes it: ASCII digits only, no sign, no spaces, at most 18 of them. */
    private static final Pattern WHOLE_NUMBER = Pattern.compile("[0-9]{1,18}");

    /** The filter grammar's operators, for a message naming what it has. */
    private static final String OPERATORS = Arrays.stream(FilterOperator.values()).map(FilterOperator::token)
            .collect(Collectors.joining(" "));

    private final Map<String, List<String>> values;

    RequestParameters(Map<String, List<String>> values) {
        this.values = values;
    }

    /**
     * @return the parameters of a request: its query string's, decoded strictly; without a query string, those the
     *         request carries otherwise (one built by hand, as MockMvc's {@code param(...)} builds it; a form body
     *         never gets here where {@link RestFormBodyGuard} is registered)
     * @throws RestRequestException (400) for a parameter that is not validly encoded
     */
    static RequestParameters of(HttpServletRequest request) {
        if (request.getQueryString() != null) {
            return new RequestParameters(QueryString.parse(request.getQueryString()));
        }
        Map<String, String[]> given;
        try {
            given = request.getParameterMap();
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the container's parameter parsing failed (Tomcat's InvalidParameterException)
            throw RestRequestException.badRequest("The request's parameters are not validly percent-encoded UTF-8");
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        given.forEach((name, each) -> values.put(name, List.of(each)));
        return new RequestParameters(values);
    }

    /**
     * Refuses a parameter the route does not take, naming it: a filter clause where the route takes none, one whose
     * operator the grammar does not have, or any other name.
     *
     * @throws RestRequestException (400) naming the first parameter refused
     */
    void requireTakenBy(RouteParameters route) {
        for (String name : values.keySet()) {
            if (route.takes(name) || route.filtered() && isClause(name)) {
                continue;
            }
            int dash = name.indexOf('-');
            String reason = dash > 0 && route.filtered() && FilterOperator.fromToken(name.substring(0, dash)).isEmpty()
                    ? ": '" + KeyPaths.abbreviated(name.substring(0, dash)) + "' is not a filter operator (the "
                            + "operators are " + OPERATORS + ")"
                    : "";
            throw new RestRequestException(HttpStatus.BAD_REQUEST, "unknown-parameter",
                    "Unknown parameter", "Unknown parameter '" + KeyPaths.abbreviated(name) + "'" + reason + "; "
                    + route.described());
        }
    }

    /** @return the parameters in the order given, for the links of a page */
    Map<String, List<String>> asLists() {
        return values;
    }

    /** @return the filter clauses among the parameters: those named {@code <op>-<field>} with a known operator */
    Map<String, List<String>> clauses() {
        Map<String, List<String>> clauses = new LinkedHashMap<>();
        values.forEach((name, given) -> {
            if (isClause(name)) {
                clauses.put(name, given);
            }
        });
        return clauses;
    }

    private static boolean isClause(String name) {
        int dash = name.indexOf('-');
        return dash > 0 && FilterOperator.fromToken(name.substring(0, dash)).isPresent();
    }

    /** @return the single value of a parameter, or null when absent */
    @Nullable String get(String name) {
        List<String> given = values.get(name);
        if (given == null || given.isEmpty()) {
            return null;
        }
        if (given.size() > 1) {
            throw RestRequestException.badRequest("The parameter '" + name + "' is given " + given.size()
                    + " times; give it once");
        }
        return given.get(0);
    }

    /** @return whether the parameter is given */
    boolean has(String name) {
        return values.containsKey(name);
    }

    /**
     * @return the parameter as a whole number in [min, max] written in ASCII digits (no sign, space, hexadecimal or
     *         other script's digits), or the default when absent
     */
    long number(String name, long min, long max, long absent) {
        String text = get(name);
        if (text == null) {
            return absent;
        }
        if (!WHOLE_NUMBER.matcher(text).matches()) {
            throw RestRequestException.badRequest("The parameter '" + name + "' must be a whole number in ASCII "
                    + "digits (0-9), between " + min + " and " + max + ", not '" + KeyPaths.abbreviated(text) + "'");
        }
        long value = Long.parseLong(text);
        if (value < min || value > max) {
            throw RestRequestException.badRequest("The parameter '" + name + "' must be between " + min + " and "
                    + max + ", not " + value);
        }
        return value;
    }

    /** @return a flag: true, yes, 1, on (or given with no value) / false, no, 0, off; false when absent */
    boolean flag(String name) {
        String text = get(name);
        if (text == null) {
            return false;
        }
        switch (text.toLowerCase(Locale.ROOT)) {
            case "", "true", "yes", "1", "on":
                return true;
            case "false", "no", "0", "off":
                return false;
            default:
                throw RestRequestException.badRequest("The parameter '" + name + "' is a flag (true or false), not '"
                        + KeyPaths.abbreviated(text) + "'");
        }
    }

    /** @return a comma-separated list, at most {@code most} non-empty values; empty when absent */
    List<String> list(String name, int most) {
        String text = get(name);
        if (text == null || text.isBlank()) {
            return List.of();
        }
        List<String> items = java.util.Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .toList();
        if (items.size() > most) {
            throw RestRequestException.badRequest("The parameter '" + name + "' names " + items.size()
                    + " values; at most " + most + " are accepted");
        }
        return items;
    }
}
