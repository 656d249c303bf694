package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The outcome of a single-item write. The item and the returned attributes are mapped on first access only, so a
 * caller that needs neither pays for neither.
 *
 * @param <T> the item type
 */
public final class WriteResult<T> {

    private final Supplier<T> item;
    private final Supplier<Map<String, AttributeValue>> returned;
    private final boolean written;
    private @Nullable T mappedItem;
    private @Nullable Map<String, AttributeValue> mappedReturned;

    WriteResult(Supplier<T> item, Supplier<Map<String, AttributeValue>> returned, boolean written) {
        this.item = item;
        this.returned = returned;
        this.written = written;
    }

    /**
     * @return the item as written (revived), or for deletes the item removed when DynamoDB returned it; null when
     *         there is nothing to show (e.g. an idempotent delete of an absent item). A post, put or put-force that
     *         wrote the caller's item exactly as given (no composed key, type field, managed field, index
     *         attribute or hook) returns the caller's own object.
     */
    public synchronized @Nullable T item() {
        if (mappedItem == null) {
            mappedItem = item.get();
        }
        return mappedItem;
    }

    /** @return the item as written, if there is one */
    public Optional<T> itemIfAny() {
        return Optional.ofNullable(item());
    }

    /**
     * @return the attributes DynamoDB returned for the requested {@code ReturnValues} (revived), or an empty map
     */
    public synchronized Map<String, AttributeValue> returned() {
        if (mappedReturned == null) {
            mappedReturned = returned.get();
        }
        return mappedReturned;
    }

    /** @return whether anything was written (false when an edit found nothing to change) */
    public boolean written() {
        return written;
    }

    @Override
    public String toString() {
        return "WriteResult[written=" + written + ", item=" + item() + "]";
    }
}
