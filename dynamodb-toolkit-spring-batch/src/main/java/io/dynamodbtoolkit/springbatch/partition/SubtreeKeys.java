package io.dynamodbtoolkit.springbatch.partition;

import java.util.Map;
import java.util.function.Consumer;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads the keys of every row under a node (its own row excluded): only the keys, strongly consistently, in key
 * order, {@value #KEYS_PER_READ} a read, so about the read units of one read of the subtree. What
 * {@link SubtreePartitioner} counts and samples the children from, and what a ready job that writes a subtree's parent
 * rows first finds them from.
 */
public final class SubtreeKeys {

    private static final int KEYS_PER_READ = 1_000;

    private SubtreeKeys() {
    }

    /**
     * @param adapter the adapter whose table is read
     * @param node    the node whose subtree is read
     * @param key     given the primary key of each row under the node, in key order
     */
    public static void forEachUnder(Adapter<?> adapter, KeyValues node, Consumer<Map<String, AttributeValue>> key) {
        KeySeek keys = adapter.stored().seekKeys(adapter.plan(SubtreeQuery.children(node)), true);
        for (KeySeek.Position at = KeySeek.Position.START; at != null; ) {
            KeySeek.Page page = keys.read(at, KEYS_PER_READ);
            page.items().forEach(key);
            at = page.next();
        }
    }
}
