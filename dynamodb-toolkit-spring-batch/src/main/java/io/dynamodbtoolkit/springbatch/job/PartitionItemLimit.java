package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Ends a partition's read after {@code maxItems} items ({@link MassJobParameters#MAX_ITEMS}): the items handed out
 * are counted in the partition's context beside the reader's position, saved at each commit, so a restart counts on
 * from the last committed chunk.
 */
final class PartitionItemLimit implements ItemStreamReader<Map<String, AttributeValue>> {

    /** The partition context key of the items handed out. */
    static final String READ_KEY = "limit.read";

    private final ItemStreamReader<Map<String, AttributeValue>> reader;
    private final long maxItems;
    private long read;

    /**
     * @param reader   the partition's reader
     * @param maxItems the most items it hands out
     */
    PartitionItemLimit(ItemStreamReader<Map<String, AttributeValue>> reader, long maxItems) {
        this.reader = reader;
        this.maxItems = maxItems;
    }

    @Override
    public synchronized @Nullable Map<String, AttributeValue> read() throws Exception {
        if (read >= maxItems) {
            return null;
        }
        Map<String, AttributeValue> item = reader.read();
        if (item != null) {
            read++;
        }
        return item;
    }

    @Override
    public synchronized void open(ExecutionContext context) throws ItemStreamException {
        read = context.getLong(READ_KEY, 0);
        reader.open(context);
    }

    @Override
    public synchronized void update(ExecutionContext context) throws ItemStreamException {
        reader.update(context);
        context.putLong(READ_KEY, read);
    }

    @Override
    public void close() throws ItemStreamException {
        reader.close();
    }
}
