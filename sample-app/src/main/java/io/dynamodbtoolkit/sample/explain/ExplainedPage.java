package io.dynamodbtoolkit.sample.explain;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ReadStats;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A page of a query shape with what it cost: the repository method that ran, the key condition it sent (values
 * substituted), the calls made, the items the server returned and the items it read to return them.
 *
 * @param shape            the shape's id
 * @param keySeek          whether the shape is a key seek
 * @param adapter          the adapter (table) read
 * @param index            the secondary index queried, or null for the table
 * @param repositoryMethod the repository method that ran, as it was called
 * @param keyCondition     the request as DynamoDB saw it: key condition, and filter if any (several requests are
 *                         separated by {@code ;})
 * @param items            the entities of the page, each as its JSON object
 * @param nextCursor       the cursor of the next page, or null
 * @param requests         calls made to DynamoDB for the page
 * @param returned         items the server returned
 * @param scanned          items the server read
 * @param amplification    items read per item returned (1.0 for a key seek); null when items were read but none
 *                         returned
 */
public record ExplainedPage(String shape, boolean keySeek, String adapter, String index, String repositoryMethod,
        String keyCondition, List<Map<String, Object>> items, String nextCursor, int requests, long returned,
        long scanned, Double amplification) {

    private static final TypeReference<Map<String, Object>> JSON_OBJECT = new TypeReference<>() {
    };

    /**
     * @param shape the shape that ran
     * @param page  the page its repository method returned
     * @param json  the application's JSON mapper, which turns each entity into the object the REST API shows for it
     * @return the explained form of the page
     */
    static ExplainedPage of(QueryShape shape, ItemPage<?> page, JsonMapper json) {
        ReadStats stats = page.stats();
        double amplification = stats.amplification();
        List<Map<String, Object>> items = page.items().stream().map(item -> json.convertValue(item, JSON_OBJECT))
                .toList();
        return new ExplainedPage(shape.id(), shape.keySeek(), shape.adapter(), shape.index(),
                shape.repositoryMethod(), page.description(), items, page.nextCursor(), stats.requests(),
                stats.returned(), stats.scanned(), Double.isInfinite(amplification) ? null : amplification);
    }
}
