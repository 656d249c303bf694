package io.dynamodbtoolkit.batch;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DynamoDbToolkitException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A batch gave up after its retry policy's attempts. Nothing is lost: the exception carries every write request
 * or key that was not done (including those of later chunks that were not yet tried), so the caller can retry
 * them or report them.
 */
public class BatchRetriesExhaustedException extends DynamoDbToolkitException {

    private final transient Map<String, List<WriteRequest>> unprocessedWrites;
    private final transient Map<String, List<Map<String, AttributeValue>>> unprocessedKeys;

    /**
     * @param message           what was given up, after how many attempts
     * @param unprocessedWrites the write requests not done, by table (empty when none)
     * @param unprocessedKeys   the keys not read, by table (empty when none)
     * @param cause             the last failure, or null
     */
    public BatchRetriesExhaustedException(String message, Map<String, List<WriteRequest>> unprocessedWrites,
            Map<String, List<Map<String, AttributeValue>>> unprocessedKeys, @Nullable Throwable cause) {
        super(message, cause);
        this.unprocessedWrites = unprocessedWrites;
        this.unprocessedKeys = unprocessedKeys;
    }

    /** @return the write requests not done, by table (empty for a batch get) */
    public Map<String, List<WriteRequest>> unprocessedWrites() {
        return unprocessedWrites;
    }

    /** @return the keys not read, by table (empty for a batch write) */
    public Map<String, List<Map<String, AttributeValue>>> unprocessedKeys() {
        return unprocessedKeys;
    }
}
