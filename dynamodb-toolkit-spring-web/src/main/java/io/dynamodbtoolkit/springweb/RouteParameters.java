package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.stream.Stream;

/**
 * The query parameters each route takes. A route refuses any other parameter with 400 naming it, and a filter clause
 * ({@code <op>-<field>}) where it takes none or with an operator the grammar does not have: a misspelt parameter or
 * operator never widens what a route reads, deletes, copies or moves.
 */
enum RouteParameters {

    /**
     * Routes that take no parameter: {@code POST /}, {@code PUT /-load}, {@code GET}, {@code PATCH},
     * {@code DELETE /{key}}, a {@code PUT /{key}/-clone} or {@code PUT /{key}/-move} of the item alone.
     */
    NONE(false),
    /** {@code PUT /{key}}. */
    REPLACE(false, "force"),
    /** {@code GET|DELETE /-by-names}, {@code PUT /-clone-by-names}, a {@code PUT /-move-by-names} of items alone. */
    NAMES(false, "names"),
    /** {@code PUT /-move-by-names} where a move takes subtrees, bounded by {@code maxItems}. */
    NAMES_OF_SUBTREES(false, "names", "maxItems"),
    /** {@code GET /}, {@code GET /{key}/-under}, {@code -self-and-under}. */
    LIST(true, "limit", "cursor", "offset", "fields", "sort", "total", "consistent", "search"),
    /** {@code GET /{key}/-partial}. */
    PARTIAL_READ(true, "prefix", "limit", "cursor", "offset", "fields", "sort", "total", "consistent", "search"),
    /** {@code DELETE /}, {@code PUT /-clone}, {@code PUT /-move}: the matches of the filter, resumable. */
    MATCHING(true, "maxItems", "cursor", "search"),
    /**
     * {@code DELETE /{key}/-under}, {@code -self-and-under}, a cascading {@code PUT /{key}/-move} or
     * {@code PUT /{key}/-clone} (of a node above the deepest tier): resumable.
     */
    SUBTREE(false, "maxItems", "cursor");

    private final boolean filtered;
    private final List<String> names;

    RouteParameters(boolean filtered, String... names) {
        this.filtered = filtered;
        this.names = List.of(names);
    }

    /** @return whether the route takes filter clauses */
    boolean filtered() {
        return filtered;
    }

    /** @return whether the route takes a parameter of this name (a filter clause aside) */
    boolean takes(String name) {
        return names.contains(name);
    }

    /** @return what the route takes, for a refusal's message */
    String described() {
        Stream<String> named = names.stream().map(name -> "'" + name + "'");
        String all = String.join(", ", Stream.concat(named, filtered ? Stream.of("filter clauses <op>-<field>")
                : Stream.empty()).toList());
        return all.isEmpty() ? "this route takes no query parameter" : "this route takes " + all;
    }
}
