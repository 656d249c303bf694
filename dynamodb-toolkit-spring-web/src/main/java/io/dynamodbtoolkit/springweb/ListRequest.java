package io.dynamodbtoolkit.springweb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.filter.Filter;
import org.jspecify.annotations.Nullable;

/**
 * A list request's options, read from its query parameters as the original's REST core reads them: {@code limit}
 * (the policy's default and maximum), {@code cursor} (the adapter's opaque, encrypted cursor), {@code offset} (only
 * where the policy allows it), {@code fields} ({@code *keys} for the key fields), {@code sort} (as {@link ListOrder}
 * serves it: nothing is sorted in memory), the filter grammar's
 * {@code <op>-<field>=<value>} clauses on the adapter's declared filter fields, {@code search} (a case-insensitive
 * substring of any of the adapter's searchable fields, at most {@value #MAX_SEARCH_LENGTH} characters; empty means no
 * search; refused where no field is searchable), {@code total} and {@code consistent}.
 *
 * @param options the list options
 * @param limit   the page size asked for
 */
record ListRequest(ListOptions options, int limit) {

    private static final int MAX_FIELDS = 100;
    /** The longest search term accepted, in characters (code points). */
    static final int MAX_SEARCH_LENGTH = 100;

    /**
     * @param parameters  the request's parameters
     * @param declaration the adapter's declaration
     * @param policy      the REST policy
     * @param order       the order asked for, and what serves it
     * @throws RestRequestException (400) for a parameter that cannot be accepted
     */
    static ListRequest of(RequestParameters parameters, AdapterDeclaration<?> declaration, RestPolicy policy,
            ListOrder order) {
        int limit = (int) parameters.number("limit", 1, policy.maxLimit(), policy.defaultLimit());
        ListOptions options = ListOptions.defaults().withLimit(limit);
        String cursor = parameters.get("cursor");
        if (cursor != null) {
            options = options.withCursor(cursor);
        }
        if (parameters.has("offset")) {
            if (!policy.offsetAllowed()) {
                throw RestRequestException.badRequest("Offset paging is not allowed here: page with the cursor of "
                        + "the previous page (links.next)");
            }
            long offset = parameters.number("offset", 0, policy.maxOffset(), 0);
            if (offset > 0 && cursor != null) {
                throw RestRequestException.badRequest("Give either an offset or a cursor, not both");
            }
            options = options.withOffset(offset);
        }
        List<String> fields = fields(parameters, declaration);
        if (!fields.isEmpty()) {
            options = options.withFields(fields.toArray(String[]::new));
        }
        if (order.descending()) {
            options = options.inDescendingOrder();
        }
        Filter filter = filter(parameters, declaration);
        if (!filter.isEmpty()) {
            options = options.withFilter(filter);
        }
        if (parameters.flag("total")) {
            options = options.countingTotal();
        }
        if (parameters.flag("consistent")) {
            options = options.consistently();
        }
        return new ListRequest(options, limit);
    }

    /**
     * The rows a request selects: its filter clauses and its search term, for a list and for the mass routes that
     * act on every row the list would give.
     *
     * @throws RestRequestException (400) for a clause or a search that cannot be accepted
     */
    static Filter filter(RequestParameters parameters, AdapterDeclaration<?> declaration) {
        return declaration.filters().parse(parameters.clauses()).withSearch(search(parameters, declaration));
    }

    /** @return the search term, or null when none is given (or it is empty) */
    private static @Nullable String search(RequestParameters parameters, AdapterDeclaration<?> declaration) {
        String term = parameters.get("search");
        if (term == null || term.isEmpty()) {
            return null;
        }
        if (declaration.search().isEmpty()) {
            throw RestRequestException.badRequest("'search' is not offered here: no field of '" + declaration.name()
                    + "' is searchable. Declare searchable fields (dynamodb.toolkit.adapters." + declaration.name()
                    + ".searchable, or AdapterDeclaration.Builder.searchable), or filter with ct-<field>=<text> "
                    + "(a case-sensitive substring) on a declared filter field");
        }
        int length = term.codePointCount(0, term.length());
        if (length > MAX_SEARCH_LENGTH) {
            throw RestRequestException.badRequest("The search term has " + length + " characters; give at most "
                    + MAX_SEARCH_LENGTH);
        }
        return term;
    }

    private static List<String> fields(RequestParameters parameters, AdapterDeclaration<?> declaration) {
        Set<String> fields = new LinkedHashSet<>();
        for (String field : parameters.list("fields", MAX_FIELDS)) {
            if (field.equals("*keys")) {
                declaration.keys().keyFields().forEach(key -> fields.add(key.name()));
            } else if (field.startsWith("*")) {
                throw RestRequestException.badRequest("Unknown fields wildcard '" + KeyPaths.abbreviated(field)
                        + "'; the one wildcard is '*keys'");
            } else {
                fields.add(fieldPath(field));
            }
        }
        return new ArrayList<>(fields);
    }

    /** @return a field of {@code fields}, once it is a well-formed document path ({@code a}, {@code a.b[2]}) */
    private static String fieldPath(String field) {
        try {
            AttributePath.parse(field);
        } catch (IllegalArgumentException e) {
            throw RestRequestException.badRequest("'" + KeyPaths.abbreviated(field) + "' in 'fields' is not a field "
                    + "name or document path (a.b[2]): " + e.getMessage());
        }
        return field;
    }
}
