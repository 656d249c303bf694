package io.dynamodbtoolkit.sample.explain;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;

/**
 * One query the demo page can run and explain: the question it answers, the repository method an application calls
 * for it, and the same read made through the adapter, whose {@link ItemPage} carries the key condition it sent and
 * the items it read against the items it returned.
 *
 * @param id               the shape's id in URLs
 * @param pattern          the key-design pattern it shows
 * @param question         the question it answers, in words
 * @param adapter          the adapter (table) it reads
 * @param index            the secondary index it queries, or null for the table
 * @param parameters       what the caller supplies, with example values
 * @param keySeek          whether it is a key seek (read amplification 1.0) or a contrast that is not
 * @param repositoryMethod how the application asks it, through its repository
 * @param read             the read itself, through the adapter
 */
public record QueryShape(String id, String pattern, String question, String adapter, String index,
        List<Parameter> parameters,
        boolean keySeek, String repositoryMethod, @JsonIgnore Read read) {

    /**
     * A value the caller supplies.
     *
     * @param name     its name in the request
     * @param example  a value of the demo data
     * @param required whether it must be given
     */
    public record Parameter(String name, String example, boolean required) {
    }

    /** The read, through the adapter. */
    @FunctionalInterface
    public interface Read {

        /**
         * @param adapter    the adapter of the shape
         * @param parameters the caller's values, each required one present
         * @param options    limit and cursor
         * @return the page read
         */
        ItemPage<Map<String, Object>> run(Adapter<Map<String, Object>> adapter, Map<String, String> parameters,
                ListOptions options);
    }
}
