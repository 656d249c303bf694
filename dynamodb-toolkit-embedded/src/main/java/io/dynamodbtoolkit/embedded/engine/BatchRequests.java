package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** BatchGetItem and BatchWriteItem requests and answers. */
public final class BatchRequests {

    private BatchRequests() {
    }

    /** The keys to read from one table; {@code projection} may be null. */
    public record TableKeys(List<Map<String, AttributeValue>> keys, @Nullable ParsedProjection projection,
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

    /** One PutRequest ({@code item} set) or DeleteRequest ({@code key} set): exactly one of the two is set. */
    public record Write(@Nullable Map<String, AttributeValue> item, @Nullable Map<String, AttributeValue> key) {
        public Write {
            if ((item == null) == (key == null)) {
                throw new IllegalArgumentException("A batch write has either an item (a put) or a key (a delete)");
            }
        }

        public boolean isPut() {
            return item != null;
        }

        /** The item of a put, or the key of a delete. */
        public Map<String, AttributeValue> attributes() {
            return Objects.requireNonNull(item != null ? item : key);
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
