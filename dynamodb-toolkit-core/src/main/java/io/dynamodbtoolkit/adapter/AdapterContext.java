package io.dynamodbtoolkit.adapter;

import java.util.Map;

import io.dynamodbtoolkit.batch.BatchGetter;
import io.dynamodbtoolkit.batch.BatchWriter;
import io.dynamodbtoolkit.batch.TransactionWriter;
import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** What the parts of an adapter share: its declaration's table, keys and hooks, the client and the options. */
record AdapterContext(String table, KeyModel keys, Hooks hooks, IndexSet indexes, DynamoDbClient client,
        AdapterOptions options, ItemPreparer preparer, BatchWriter batchWriter, BatchGetter batchGetter,
        TransactionWriter transactions, boolean parentGuard) {

    static AdapterContext create(AdapterDeclaration<?> declaration, DynamoDbClient client, AdapterOptions options) {
        IndexSet indexes = declaration.indexes();
        ItemPreparer preparer = new ItemPreparer(declaration.keys(), declaration.hooks(), indexes, options.clock());
        return new AdapterContext(declaration.table(), declaration.keys(), declaration.hooks(), indexes, client,
                options, preparer, new BatchWriter(client, options.retryPolicy(), options.batchConcurrency(),
                        options.executor()),
                new BatchGetter(client, options.retryPolicy(), options.batchConcurrency(), options.executor()),
                new TransactionWriter(client, options.retryPolicy()), declaration.parentGuard());
    }

    /** @return the partition key attribute name */
    String partitionKeyName() {
        return keys.partitionField().name();
    }

    /** @return TOTAL when capacity reporting is on, else null */
    ReturnConsumedCapacity capacity() {
        return options.reportCapacity() ? ReturnConsumedCapacity.TOTAL : null;
    }

    /** @return the version an item carries, or null */
    Long versionOf(Map<String, AttributeValue> item) {
        if (item == null) {
            return null;
        }
        return keys.versionField().map(item::get).map(AttributeValue::n).map(Long::valueOf).orElse(null);
    }

    /** @return whether items are versioned */
    boolean versioned() {
        return keys.versionField().isPresent();
    }
}
