package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ConditionFailedException;
import io.dynamodbtoolkit.transaction.ActionCollector;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.transaction.TransactionAction;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.transaction.TransactionWriter;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A template's transactional reads and checks: condition checks on rows (actions of the transaction the thread is in,
 * or a TransactWriteItems of the check alone), and snapshot reads of several rows with one TransactGetItems.
 */
final class TransactionChecks {

    /** DynamoDB's limit of items per TransactGetItems. */
    static final int MAX_GETS = 100;

    private final Adapter<Map<String, AttributeValue>> attributes;
    private final PersistenceExceptionTranslator translator;

    TransactionChecks(Adapter<Map<String, AttributeValue>> attributes, PersistenceExceptionTranslator translator) {
        this.attributes = attributes;
        this.translator = translator;
    }

    /**
     * Checks a condition on a row: inside a transaction as an action of its unit (the check holds when the
     * transaction commits, or nothing is written), outside as a transaction of the check alone.
     *
     * @param storedKey   the row's key fields, as stored
     * @param condition   the condition
     * @param description what the condition says, for the failure's message
     */
    void check(KeyValues storedKey, Condition condition, String description) {
        Check check = conditionCheck(storedKey, condition, description);
        ActionCollector unit = TransactionParticipation.unitOf(attributes);
        if (unit != null) {
            TransactionParticipation.naming(unit, attributes.declaration().name(), translator).collect(check.actions(),
                    check.explainer());
            return;
        }
        try {
            new TransactionWriter(attributes.client(), RetryPolicy.DEFAULT).write(check.actions(), null);
        } catch (TransactionCancelledException e) {
            throw check.explained(e);
        }
    }

    /**
     * Checks a condition on a row now, as a transaction of the check alone on the asynchronous client (reactive code
     * runs in no thread-bound transaction).
     *
     * @return the check, failed with the exception {@link #check} throws when it does not hold
     */
    CompletableFuture<Void> checkAsync(DynamoDbAsyncClient client, KeyValues storedKey, Condition condition,
            String description) {
        Check check = conditionCheck(storedKey, condition, description);
        return new TransactionWriter(attributes.client(), RetryPolicy.DEFAULT).writeAsync(client, check.actions())
                .exceptionallyCompose(failure -> {
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure;
                    return CompletableFuture.failedFuture(cause instanceof TransactionCancelledException cancelled
                            ? check.explained(cancelled) : cause);
                });
    }

    private Check conditionCheck(KeyValues storedKey, Condition condition, String description) {
        Map<String, AttributeValue> key = attributes.keys().codec().primaryKeyFromKeyValues(storedKey);
        ConditionCheck check = ExpressionRequest.create().condition(condition).applyTo(ConditionCheck.builder()
                .tableName(attributes.table()).key(key)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        List<TransactionAction> actions = List.of(new TransactionAction(TransactWriteItem.builder()
                .conditionCheck(check).build(), attributes.table(), key));
        return new Check(actions, (index, failure, cancelled) -> failed(key, description, failure, cancelled));
    }

    private static @Nullable RuntimeException failed(Map<String, AttributeValue> key, String description,
            TransactionCancelledException.ActionFailure failure, TransactionCancelledException cancelled) {
        if (!"ConditionalCheckFailed".equals(failure.code())) {
            return null;
        }
        Map<String, AttributeValue> current = failure.item() == null || failure.item().isEmpty() ? null
                : failure.item();
        return new ConditionFailedException("The check that the row " + AttributeValues.showKey(key) + " in table "
                + failure.table() + " " + description + " did not hold" + (current == null ? " (no such row)" : ""),
                key, current, cancelled);
    }

    /**
     * @param storedKeys the rows' keys, as stored (at most {@value #MAX_GETS})
     * @return the rows as one consistent snapshot (TransactGetItems), in the order of the keys, null where absent
     */
    List<Map<String, AttributeValue>> snapshot(List<KeyValues> storedKeys) {
        List<TransactGetItem> gets = snapshotGets(storedKeys);
        return gets.isEmpty() ? List.of()
                : found(attributes.client().transactGetItems(b -> b.transactItems(gets)).responses());
    }

    /** @return the rows as one consistent snapshot, read on the asynchronous client; see {@link #snapshot} */
    CompletableFuture<List<Map<String, AttributeValue>>> snapshotAsync(DynamoDbAsyncClient client,
            List<KeyValues> storedKeys) {
        List<TransactGetItem> gets = snapshotGets(storedKeys);
        return gets.isEmpty() ? CompletableFuture.completedFuture(List.of())
                : client.transactGetItems(b -> b.transactItems(gets))
                        .thenApply(response -> found(response.responses()));
    }

    /** @throws IllegalArgumentException for more keys than one TransactGetItems reads */
    private List<TransactGetItem> snapshotGets(List<KeyValues> storedKeys) {
        if (storedKeys.size() > MAX_GETS) {
            throw new IllegalArgumentException("A snapshot read of " + storedKeys.size() + " rows: DynamoDB reads at "
                    + "most " + MAX_GETS + " items in one TransactGetItems; read fewer rows, or read them with "
                    + "findAllById (not one snapshot)");
        }
        List<TransactGetItem> gets = new ArrayList<>(storedKeys.size());
        for (KeyValues key : storedKeys) {
            gets.add(TransactGetItem.builder().get(Get.builder().tableName(attributes.table())
                    .key(attributes.keys().codec().primaryKeyFromKeyValues(key)).build()).build());
        }
        return gets;
    }

    /** @return the items of a snapshot's responses, null where absent */
    private static List<Map<String, AttributeValue>> found(List<ItemResponse> responses) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(responses.size());
        for (ItemResponse response : responses) {
            items.add(response.hasItem() && !response.item().isEmpty() ? response.item() : null);
        }
        return items;
    }

    /** A condition check's one action, and how a cancellation of its transaction is explained. */
    private record Check(List<TransactionAction> actions, ActionCollector.FailureExplainer explainer) {

        /** @return the failure a cancelled check raises: the explained condition failure, else the cancellation */
        RuntimeException explained(TransactionCancelledException cancelled) {
            RuntimeException explained = cancelled.failures().isEmpty() ? null
                    : explainer.explain(0, cancelled.failures().get(0), cancelled);
            return explained != null ? explained : cancelled;
        }
    }
}
