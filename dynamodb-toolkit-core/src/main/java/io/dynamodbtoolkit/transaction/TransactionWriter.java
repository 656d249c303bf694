package io.dynamodbtoolkit.transaction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.batch.RetryPolicy;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
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
    public void write(List<TransactionAction> actions, @Nullable String idempotencyToken) {
        checkLimits(actions);
        String token = idempotencyToken != null ? idempotencyToken : UUID.randomUUID().toString();
        List<TransactWriteItem> items = actions.stream().map(TransactionAction::action).toList();
        for (int attempt = 1; ; attempt++) {
            try {
                String sent = token;
                client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(sent));
                return;
            } catch (TransactionCanceledException e) {
                TransactionCancelledException cancelled = cancelled(actions, e, true);
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

    /**
     * Writes all actions or none on the asynchronous client, with the same checks, retries and mapping of a
     * cancellation as {@link #write}; the pauses between retries are scheduled, not slept. A put given without its
     * key is named in a cancellation by its item's key attributes when the table's key schema is known already, else
     * by its whole item (no DescribeTable is sent from here).
     *
     * @param client  the asynchronous client to call
     * @param actions the actions
     * @return completes when written; fails as {@link #write} throws
     */
    public CompletableFuture<Void> writeAsync(DynamoDbAsyncClient client, List<TransactionAction> actions) {
        try {
            checkLimits(actions);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        List<TransactWriteItem> items = actions.stream().map(TransactionAction::action).toList();
        return attempt(client, actions, items, freshToken(), 1);
    }

    /**
     * @return a client request token that no other transaction uses: unique, not secret, so it is drawn without a
     *         call to the entropy device ({@code UUID.randomUUID()} reads it, which would block an event-loop thread)
     */
    private static String freshToken() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString();
    }

    private CompletableFuture<Void> attempt(DynamoDbAsyncClient client, List<TransactionAction> actions,
            List<TransactWriteItem> items, String token, int attempt) {
        return client.transactWriteItems(b -> b.transactItems(items).clientRequestToken(token))
                .handle((response, error) -> {
                    if (error == null) {
                        return CompletableFuture.<Void>completedFuture(null);
                    }
                    Throwable cause = error instanceof CompletionException && error.getCause() != null
                            ? error.getCause() : error;
                    String next;
                    if (cause instanceof TransactionCanceledException canceled) {
                        TransactionCancelledException cancelled = cancelled(actions, canceled, false);
                        if (!cancelled.isConflictOnly() || attempt >= policy.maxAttempts()) {
                            return CompletableFuture.<Void>failedFuture(cancelled);
                        }
                        next = freshToken();
                    } else if (cause instanceof TransactionInProgressException inProgress) {
                        if (attempt >= policy.maxAttempts()) {
                            return CompletableFuture.<Void>failedFuture(new BatchRetriesExhaustedException(
                                    "TransactWriteItems was still in progress after " + attempt + " attempts; "
                                            + "whether it was written is not known", Map.of(), Map.of(), inProgress));
                        }
                        next = token;
                    } else {
                        return CompletableFuture.<Void>failedFuture(cause);
                    }
                    Executor later = CompletableFuture.delayedExecutor(
                            policy.delayBeforeRetry(attempt).toMillis(), TimeUnit.MILLISECONDS);
                    return CompletableFuture.supplyAsync(() -> null, later)
                            .thenCompose(ignored -> attempt(client, actions, items, next, attempt + 1));
                }).thenCompose(Function.identity());
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
            TransactionCanceledException e, boolean mayDescribe) {
        List<TransactionCancelledException.ActionFailure> failures = new ArrayList<>();
        List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
        for (int i = 0; i < reasons.size() && i < actions.size(); i++) {
            CancellationReason reason = reasons.get(i);
            if (reason.code() == null || "None".equals(reason.code())) {
                continue;
            }
            TransactionAction action = actions.get(i);
            failures.add(new TransactionCancelledException.ActionFailure(i, action.table(), keyOf(action, mayDescribe),
                    reason.code(), reason.message(), reason.hasItem() ? reason.item() : null));
        }
        return new TransactionCancelledException(failures, e);
    }

    /**
     * @return the action's key; for a put given without one, its item's key attributes by the table's key schema
     *         (read once per table with DescribeTable, unless {@code mayDescribe} is false), or the whole item when
     *         the schema cannot be read
     */
    private @Nullable Map<String, AttributeValue> keyOf(TransactionAction action, boolean mayDescribe) {
        if (action.key() != null || action.action().put() == null) {
            return action.key();
        }
        Map<String, AttributeValue> item = action.action().put().item();
        List<String> names;
        try {
            names = mayDescribe ? keyNames.computeIfAbsent(action.table(), table -> client.describeTable(
                    b -> b.tableName(table)).table().keySchema().stream().map(KeySchemaElement::attributeName)
                    .toList()) : keyNames.get(action.table());
        } catch (SdkException cannotDescribe) {
            return item;
        }
        if (names == null) {
            return item;
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        names.forEach(name -> key.put(name, item.get(name)));
        return key;
    }
}
