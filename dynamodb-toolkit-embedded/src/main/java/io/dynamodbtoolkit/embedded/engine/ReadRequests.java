package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.KeyTerm;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/** Query and Scan requests, with expressions already parsed, and their answer. */
public final class ReadRequests {

    private ReadRequests() {
    }

    /**
     * Query. {@code indexName}, {@code filter}, {@code projection}, {@code select}, {@code limit} and
     * {@code exclusiveStartKey} may be null.
     *
     * @param filterAttributes the top-level attribute names the filter reads
     * @param filterName       how errors name the filter ("Filter Expression", or "QueryFilter" for the legacy one);
     *                         {@code null} lets the filter read key attributes (PartiQL's WHERE may)
     */
    public record Query(String tableName, @Nullable String indexName, List<KeyTerm> keyTerms,
                        @Nullable ParsedCondition filter, List<String> filterAttributes, @Nullable String filterName,
                        @Nullable ParsedProjection projection, @Nullable Select select, @Nullable Integer limit,
                        @Nullable Map<String, AttributeValue> exclusiveStartKey, boolean scanForward,
                        boolean consistentRead) {
    }

    /** Scan. {@code segment} and {@code totalSegments} are both null or both set. */
    public record Scan(String tableName, @Nullable String indexName, @Nullable ParsedCondition filter,
                       @Nullable ParsedProjection projection, @Nullable Select select, @Nullable Integer limit,
                       @Nullable Map<String, AttributeValue> exclusiveStartKey, boolean consistentRead,
                       @Nullable Integer segment, @Nullable Integer totalSegments) {
    }

    /**
     * One page of a Query or Scan.
     *
     * @param items            the items (empty for Select COUNT)
     * @param count            items after the filter
     * @param scannedCount     items evaluated before the filter
     * @param lastEvaluatedKey where the next page starts, or {@code null} on the last page
     * @param capacity         the capacity consumed
     */
    public record Page(List<Map<String, AttributeValue>> items, int count, int scannedCount,
                       @Nullable Map<String, AttributeValue> lastEvaluatedKey, ConsumedCapacity capacity) {
    }
}
