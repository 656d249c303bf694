package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An immutable ProjectionExpression: the attributes (or nested parts of them) a read returns.
 *
 * <p>Paths are kept free of overlaps, which DynamoDB rejects: adding {@code a.b} when {@code a} is projected
 * changes nothing, adding {@code a} replaces {@code a.b} and {@code a[0]}. So {@link #with} can safely add the
 * key attributes a caller must always fetch.
 */
public final class Projection {

    private final List<AttributePath> paths;

    private Projection(List<AttributePath> paths) {
        this.paths = Collections.unmodifiableList(paths);
    }

    /**
     * A projection of document paths, each parsed with {@link AttributePath#parse(String)}
     * ({@code "a.b[1]"}, {@code "c"}).
     *
     * @param documentPaths one or more paths
     * @return the projection
     */
    public static Projection of(String... documentPaths) {
        return of(parseAll(documentPaths));
    }

    /**
     * A projection of paths.
     *
     * @param paths one or more paths
     * @return the projection
     */
    public static Projection of(AttributePath... paths) {
        return of(paths == null ? List.<AttributePath>of() : Arrays.asList(paths));
    }

    /**
     * A projection of paths.
     *
     * @param paths one or more paths
     * @return the projection
     */
    public static Projection of(Collection<AttributePath> paths) {
        if (paths == null || paths.isEmpty()) {
            throw new IllegalArgumentException("A projection needs at least one path; to read whole items, send no"
                    + " projection at all");
        }
        return new Projection(List.of()).with(paths);
    }

    /**
     * This projection plus more paths (e.g. key attributes the caller needs), without overlaps.
     *
     * @param more paths to add
     * @return the wider projection
     */
    public Projection with(AttributePath... more) {
        return with(more == null ? List.<AttributePath>of() : Arrays.asList(more));
    }

    /**
     * This projection plus more document paths, parsed with {@link AttributePath#parse(String)}.
     *
     * @param documentPaths paths to add
     * @return the wider projection
     */
    public Projection with(String... documentPaths) {
        return with(parseAll(documentPaths));
    }

    /**
     * This projection plus more paths, without overlaps.
     *
     * @param more paths to add
     * @return the wider projection
     */
    public Projection with(Collection<AttributePath> more) {
        List<AttributePath> merged = new ArrayList<>(paths);
        for (AttributePath path : more) {
            if (path == null) {
                throw new IllegalArgumentException("A projection path cannot be null");
            }
            if (merged.stream().anyMatch(path::startsWith)) {
                continue;
            }
            merged.removeIf(existing -> existing.startsWith(path));
            merged.add(path);
        }
        return new Projection(merged);
    }

    /**
     * The projected paths, free of overlaps.
     *
     * @return an unmodifiable list
     */
    public List<AttributePath> paths() {
        return paths;
    }

    /**
     * Whether the projection returns this path (it, or an ancestor of it, is projected).
     *
     * @param path a path
     * @return {@code true} if covered
     */
    public boolean covers(AttributePath path) {
        return paths.stream().anyMatch(path::startsWith);
    }

    /**
     * Renders the projection, e.g. {@code #n0.#n1[1], #n2}.
     *
     * @param placeholders the request's allocator
     * @return the projection expression
     */
    public String render(Placeholders placeholders) {
        return paths.stream().map(placeholders::path).collect(Collectors.joining(", "));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Projection other && paths.equals(other.paths);
    }

    @Override
    public int hashCode() {
        return paths.hashCode();
    }

    @Override
    public String toString() {
        return "Projection" + paths;
    }

    private static List<AttributePath> parseAll(String... documentPaths) {
        if (documentPaths == null) {
            return List.of();
        }
        List<AttributePath> parsed = new ArrayList<>(documentPaths.length);
        for (String documentPath : documentPaths) {
            parsed.add(AttributePath.parse(documentPath));
        }
        return parsed;
    }
}
