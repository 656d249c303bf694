package io.dynamodbtoolkit.sample.explain;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ReadStats;

/**
 * A page of a query shape with what it cost: the key condition sent (values substituted), the calls made, the
 * items the server returned and the items it read to return them.
 *
 * @param shape         the shape's id
 * @param keySeek       whether the shape is a key seek
 * @param table         the table read
 * @param index         the secondary index queried, or null for the table
 * @param keyCondition  the request as DynamoDB saw it: key condition, and filter if any (several requests are
 *                      separated by {@code ;})
 * @param items         the items of the page
 * @param nextCursor    the cursor of the next page, or null
 * @param requests      calls made to DynamoDB for the page
 * @param returned      items the server returned
 * @param scanned       items the server read
 * @param amplification items read per item returned (1.0 for a key seek); null when items were read but none
 *                      returned
 */
public record ExplainedPage(String shape, boolean keySeek, String table, String index, String keyCondition, List<Map<String, Object>> items,
        String nextCursor, int requests, long returned, long scanned, Double amplification) {

    /** @return the explained form of a page of a shape */
    static ExplainedPage of(QueryShape shape, String table, ItemPage<Map<String, Object>> page) {
        ReadStats stats = page.stats();
        double amplification = stats.amplification();
        return new ExplainedPage(shape.id(), shape.keySeek(), table, shape.index(), page.description(), page.items(), page.nextCursor(),
                stats.requests(), stats.returned(), stats.scanned(),
                Double.isInfinite(amplification) ? null : amplification);
    }
}
