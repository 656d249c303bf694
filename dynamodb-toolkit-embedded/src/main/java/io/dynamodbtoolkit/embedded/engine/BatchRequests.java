package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;

import java.util.List;
import java.util.Map;

/** BatchGetItem and BatchWriteItem requests and answers. */
public final class BatchRequests {

    private BatchRequests() {
    }

    /** The keys to read from one table; {@code projection} may be null. */
    public record TableKeys(List<Map<String, AttributeValue>> keys, ParsedProjection projection,
            boolean consistentRead) {
    }

    /**
     * The answer to a BatchGetItem.
     *
     * @param responses   items found, per table
     * @param unprocessed keys not read (response size limit), per table
     * @param capacity    capacity per table
     */
    public record GetResult(Map<String, List<Map<String, AttributeValue>>> responses,
                            Map<String, List<Map<String, AttributeValue>>> unprocessed,
                            List<ConsumedCapacity> capacity) {
    }

    /** One PutRequest ({@code item} set) or DeleteRequest ({@code key} set). */
    public record Write(Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
        public boolean isPut() {
            return item != null;
        }
    }

    /**
     * The answer to a BatchWriteItem.
     *
     * @param unprocessed writes not done, per table
     * @param capacity    capacity per table
     */
    public record WriteResult(Map<String, List<Write>> unprocessed, List<ConsumedCapacity> capacity) {
    }
}
