package io.dynamodbtoolkit.adapter;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A single delete or move of a row was refused under the parent guard because rows are under it: done alone it
 * would have left them orphans. Nothing was written. Call the cascade instead ({@code deleteAllUnder},
 * {@code moveAllUnder}), which takes the row and everything under it. See {@link AdapterDeclaration#parentGuard()}.
 */
public class NodeHasChildrenException extends ConditionalWriteException {

    private final transient Map<String, AttributeValue> childKey;
    private final String cascade;
    private final String adapter;

    /**
     * @param message  what was refused, and what to call instead
     * @param key      the primary key of the row that was to be deleted or moved
     * @param childKey the primary key of a row under it
     * @param cascade  the name of the cascade that does the operation with the rows under it
     * @param adapter  the name of the adapter whose parent guard refused it
     */
    public NodeHasChildrenException(String message, Map<String, AttributeValue> key,
            Map<String, AttributeValue> childKey, String cascade, String adapter) {
        super(message, key, null, null);
        this.childKey = childKey;
        this.cascade = cascade;
        this.adapter = adapter;
    }

    /** @return the primary key of one row under the refused row */
    public Map<String, AttributeValue> childKey() {
        return childKey;
    }

    /** @return the cascade to call instead: {@code deleteAllUnder} or {@code moveAllUnder} */
    public String cascade() {
        return cascade;
    }

    /** @return the name of the adapter whose parent guard refused the call (its settings are under that name) */
    public String adapter() {
        return adapter;
    }
}
