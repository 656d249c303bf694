package io.dynamodbtoolkit.adapter;

import java.util.Map;

import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.batch.BatchGetter;
import io.dynamodbtoolkit.batch.BatchWriter;
import io.dynamodbtoolkit.transaction.TransactionWriter;
import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * What the parts of an adapter share: its declaration's table, keys, hooks and unique fields, the client and the
 * options, and the unit of work its single writes go into instead of being sent ({@code collector}, null when they are
 * sent). The declaration's name and whether it allows cascades are there for messages that name the adapter's settings.
 */
record AdapterContext(String table, KeyModel keys, Hooks hooks, IndexSet indexes, DynamoDbClient client,
        AdapterOptions options, ItemPreparer preparer, BatchWriter batchWriter, BatchGetter batchGetter,
        TransactionWriter transactions, ParentGuardSetting parentGuard, boolean cascades, UniqueFields uniques,
        @Nullable ActionCollector collector) {

    static AdapterContext create(AdapterDeclaration<?> declaration, DynamoDbClient client, AdapterOptions options) {
        IndexSet indexes = declaration.indexes();
        ItemPreparer preparer = new ItemPreparer(declaration.keys(), declaration.hooks(), indexes,
                declaration.search(), options.clock());
        return new AdapterContext(declaration.table(), declaration.keys(), declaration.hooks(), indexes, client,
                options, preparer, new BatchWriter(client, options.retryPolicy(), options.batchConcurrency(),
                        options.executor()),
                new BatchGetter(client, options.retryPolicy(), options.batchConcurrency(), options.executor()),
                new TransactionWriter(client, options.retryPolicy()), ParentGuardSetting.of(declaration),
                declaration.cascades(), declaration.uniques(), null);
    }

    /** @return the same context whose single writes go into a unit of work */
    AdapterContext collectingInto(ActionCollector unit) {
        return new AdapterContext(table, keys, hooks, indexes, client, options, preparer, batchWriter, batchGetter,
                transactions, parentGuard, cascades, uniques, unit);
    }

    /** @return the adapter's name, as messages name it */
    String name() {
        return parentGuard.adapter();
    }

    /** @return whether single writes go into a unit of work instead of being sent */
    boolean collecting() {
        return collector != null;
    }

    /**
     * Refuses a write that cannot join a unit of work (a batch: unconditional, not atomic).
     *
     * @param what the write, as the message names it
     */
    void refuseInUnit(String what) {
        if (collecting()) {
            throw new IllegalStateException(what + " cannot join a transaction (a batch is not atomic and carries "
                    + "no conditions); write the items one by one inside the transaction, or outside it");
        }
    }

    /**
     * Refuses a batch write (or a mass operation writing with batches) of an adapter with unique fields: a batch
     * carries neither conditions nor a transaction, so it cannot keep their guards.
     *
     * @param what the write, as the message names it
     */
    void refuseBatchOfUniques(String what) {
        if (!uniques.isEmpty()) {
            throw new IllegalStateException(what + " cannot keep the guards of the unique fields " + uniques
                    + " of adapter '" + name() + "' (a batch carries no condition and is not a transaction); write "
                    + "the items one by one, each in one transaction with its guards (the Spring templates' saveAll "
                    + "and deleteAllById do so for such adapters)");
        }
    }

    /** @return the partition key attribute name */
    String partitionKeyName() {
        return keys.partitionField().name();
    }

    /** @return TOTAL when capacity reporting is on, else null */
    @Nullable ReturnConsumedCapacity capacity() {
        return options.reportCapacity() ? ReturnConsumedCapacity.TOTAL : null;
    }

    /** @return the version an item carries, or null */
    @Nullable Long versionOf(@Nullable Map<String, AttributeValue> item) {
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
