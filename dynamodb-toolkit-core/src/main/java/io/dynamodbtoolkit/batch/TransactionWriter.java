package io.dynamodbtoolkit.batch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * Runs write transactions: checks DynamoDB's limits before sending ({@value #MAX_ACTIONS} actions, 4 MB),
 * sends them with an idempotency token, and maps a cancellation's reasons back to the actions and items that
 * failed.
 *
 * <p>Throttling and server errors are retried by the SDK client's retry strategy alone. The retry policy covers
 * what the SDK does not retry: a transaction cancelled only because another transaction held one of its items
 * ({@code TransactionConflict}; sent again with a fresh token, as nothing of it was written) and
 * {@code TransactionInProgressException} (sent again with the same token).
 */
public final class TransactionWriter {

    /** DynamoDB's limit of actions per transaction. */
    public static final int MAX_ACTIONS = 100;

    /** DynamoDB's limit of a transaction's total size. */
    public static final long MAX_BYTES = 4L * 1024 * 1024;

    private final DynamoDbClient client;
    private final RetryPolicy policy;
    private final Map<String, List<String>> keyNames = new ConcurrentHashMap<>();

    /**
     * @param client the client to call
     * @param policy how to retry conflicts with other transactions
     */
    public TransactionWriter(DynamoDbClient client, RetryPolicy policy) {
        this.client = Objects.requireNonNull(client, "client");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Writes all actions or none.
     *
     * @param actions          the actions
     * @param idempotencyToken the client request token, or null for a fresh one
     * @throws TransactionTooLargeException     before sending, when the limits are exceeded
     * @throws TransactionCancelledException    when DynamoDB cancels the transaction (for conflicts with other
     *                                          transactions only once the policy's attempts are spent)
     * @throws BatchRetriesExhaustedException   when the transaction stays in progress beyond the policy
     */
    public void write(List<TransactionAction> actions, String idempotencyToken) {
        checkLimits(actions);
        String token = idempotencyToken != null ? idempotencyToken : UUID.randomUUID().toString();
        List<TransactWriteItem> items = actions.stream().map(TransactionAction::action).toList();
        for (int attempt = 1; ; attempt++) {
            try {
                String sent = token;
                client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(sent));
                return;
            } catch (TransactionCanceledException e) {
                TransactionCancelledException cancelled = cancelled(actions, e);
                if (!cancelled.isConflictOnly() || idempotencyToken != null || attempt >= policy.maxAttempts()) {
                    throw cancelled;
                }
                token = UUID.randomUUID().toString();
            } catch (TransactionInProgressException e) {
                if (attempt >= policy.maxAttempts()) {
                    throw new BatchRetriesExhaustedException("TransactWriteItems was still in progress after "
                            + attempt + " attempts; whether it was written is not known", Map.of(), Map.of(), e);
                }
            }
            policy.pauseBeforeRetry(attempt);
        }
    }

    private static void checkLimits(List<TransactionAction> actions) {
        if (actions.isEmpty()) {
            throw new IllegalArgumentException("A transaction needs at least one action");
        }
        if (actions.size() > MAX_ACTIONS) {
            throw new TransactionTooLargeException("The transaction has " + actions.size()
                    + " actions but DynamoDB allows " + MAX_ACTIONS + "; split the work or use a mass operation");
        }
        long bytes = actions.stream().mapToLong(TransactionAction::size).sum();
        if (bytes > MAX_BYTES) {
            throw new TransactionTooLargeException("The transaction is about " + bytes
                    + " bytes but DynamoDB allows " + MAX_BYTES + "; split the work");
        }
    }

    private TransactionCancelledException cancelled(List<TransactionAction> actions,
            TransactionCanceledException e) {
        List<TransactionCancelledException.ActionFailure> failures = new ArrayList<>();
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            CancellationReason reason = reasons.get(i);
            if (reason.code() == null || "None".equals(reason.code())) {
                continue;
            }
            TransactionAction action = actions.get(i);
            failures.add(new TransactionCancelledException.ActionFailure(i, action.table(), keyOf(action),
                    reason.code(), reason.message(), reason.hasItem() ? reason.item() : null));
        }
        return new TransactionCancelledException(failures, e);
    }

    /**
     * @return the action's key; for a put given without one, its item's key attributes by the table's key schema
     *         (read once per table with DescribeTable), or the whole item when the schema cannot be read
     */
    private Map<String, AttributeValue> keyOf(TransactionAction action) {
        if (action.key() != null || action.action().put() == null) {
            return action.key();
        }
        Map<String, AttributeValue> item = action.action().put().item();
        List<String> names;
        try {
            names = keyNames.computeIfAbsent(action.table(), table -> client.describeTable(b -> b.tableName(table))
                    .table().keySchema().stream().map(KeySchemaElement::attributeName).toList());
        } catch (SdkException cannotDescribe) {
            return item;
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        names.forEach(name -> key.put(name, item.get(name)));
        return key;
    }
}
