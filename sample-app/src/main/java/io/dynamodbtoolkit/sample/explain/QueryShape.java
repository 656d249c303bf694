package io.dynamodbtoolkit.sample.explain;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;

/**
 * One query the demo page can run and explain: the question it answers and the repository method that answers it,
 * a method returning {@link ItemPage}, whose page carries the key condition it sent and the items it read against the
 * items it returned.
 *
 * @param id               the shape's id in URLs
 * @param pattern          the key-design pattern it shows
 * @param question         the question it answers, in words
 * @param adapter          the adapter (table) its repository reads
 * @param index            the secondary index it queries, or null for the table
 * @param parameters       what the caller must supply, with example values
 * @param keySeek          whether it is a key seek (read amplification 1.0) or a contrast that is not
 * @param repositoryMethod the repository method it runs, as the read calls it
 * @param read             the read: that call
 */
public record QueryShape(String id, String pattern, String question, String adapter, String index,
        List<Parameter> parameters, boolean keySeek, String repositoryMethod, @JsonIgnore Read read) {

    /**
     * A value the caller must supply.
     *
     * @param name    its name in the request
     * @param example a value of the demo data
     */
    public record Parameter(String name, String example) {
    }

    /** The read: a call of the shape's repository method. */
    @FunctionalInterface
    public interface Read {

        /**
         * @param parameters the caller's values, each parameter present and not blank
         * @param options    limit and cursor
         * @return the page read
         */
        ItemPage<?> run(Map<String, String> parameters, ListOptions options);
    }
}
