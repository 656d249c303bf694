package io.dynamodbtoolkit.expression;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The expressions of one DynamoDB request, rendered together with one {@link Placeholders} and applied to the
 * SDK request builder, so no caller assembles expression strings and placeholder maps by hand.
 *
 * <pre>{@code
 * QueryRequest request = ExpressionRequest.create()
 *         .keyCondition(KeyCondition.partition("pk", "TX").beginsWith("sk", "TX|Dallas|"))
 *         .filter(Condition.attribute("status").eq("open"))
 *         .projection(Projection.of("name", "status"))
 *         .applyTo(QueryRequest.builder().tableName(table))
 *         .build();
 * }</pre>
 *
 * <p>Immutable. {@code applyTo} sets the expressions and both placeholder maps (replacing any the builder had),
 * leaving maps unset when empty. It refuses an expression the request kind has no place for (a key condition on
 * a Scan, an update on a PutItem, ...) with an {@link IllegalStateException} rather than drop it silently.
 */
public final class ExpressionRequest {

    private static final ExpressionRequest EMPTY = new ExpressionRequest(null, null, null, null, null);
    private static final RenderedExpressions NOTHING_RENDERED = new RenderedExpressions(null, null, null, null, null,
            null, null);

    private final @Nullable KeyCondition keyCondition;
    private final @Nullable Condition filter;
    private final @Nullable Projection projection;
    private final @Nullable Condition condition;
    private final @Nullable Update update;
    /** The rendering, made on first use: an immutable request always renders the same. */
    private volatile @Nullable RenderedExpressions rendered;

    private ExpressionRequest(@Nullable KeyCondition keyCondition, @Nullable Condition filter,
                              @Nullable Projection projection, @Nullable Condition condition,
                              @Nullable Update update) {
        this.keyCondition = keyCondition;
        this.filter = filter;
        this.projection = projection;
        this.condition = condition;
        this.update = update;
    }

    /**
     * A request with no expression yet.
     *
     * @return the empty request
     */
    public static ExpressionRequest create() {
        return EMPTY;
    }

    /**
     * With this KeyConditionExpression (Query only).
     *
     * @param keyCondition the key condition, or {@code null} for none
     * @return the new request
     */
    public ExpressionRequest keyCondition(KeyCondition keyCondition) {
        return new ExpressionRequest(keyCondition, filter, projection, condition, update);
    }

    /**
     * With this key condition, first checked against the key schema of the table or index queried.
     *
     * @param keyCondition the key condition
     * @param schema       the key schema it must fit
     * @return the new request
     * @throws InvalidKeyConditionException if it does not fit
     */
    public ExpressionRequest keyCondition(KeyCondition keyCondition, IndexKeySchema schema) {
        keyCondition.validateAgainst(schema);
        return keyCondition(keyCondition);
    }

    /**
     * With this FilterExpression (Query and Scan).
     *
     * @param filter the filter, or {@code null} for none
     * @return the new request
     */
    public ExpressionRequest filter(@Nullable Condition filter) {
        return new ExpressionRequest(keyCondition, filter, projection, condition, update);
    }

    /**
     * With this ProjectionExpression (reads).
     *
     * @param projection the projection, or {@code null} for whole items
     * @return the new request
     */
    public ExpressionRequest projection(@Nullable Projection projection) {
        return new ExpressionRequest(keyCondition, filter, projection, condition, update);
    }

    /**
     * With this ConditionExpression (writes and transaction condition checks).
     *
     * @param condition the condition, or {@code null} for none
     * @return the new request
     */
    public ExpressionRequest condition(@Nullable Condition condition) {
        return new ExpressionRequest(keyCondition, filter, projection, condition, update);
    }

    /**
     * With this UpdateExpression (UpdateItem and transaction updates); an empty update sets no expression.
     *
     * @param update the update, or {@code null} for none
     * @return the new request
     */
    public ExpressionRequest update(Update update) {
        return new ExpressionRequest(keyCondition, filter, projection, condition, update);
    }

    /**
     * Renders every expression present with one fresh {@link Placeholders}, in a fixed order (key condition,
     * filter, projection, condition, update). The result is computed once per request and then reused, so a
     * request kept for repeated calls (e.g. an adapter's create-only condition) costs no rendering after the first.
     *
     * @return the texts and placeholder maps
     */
    public RenderedExpressions render() {
        RenderedExpressions result = rendered;
        if (result == null) {
            result = this == EMPTY ? NOTHING_RENDERED : renderNow();
            rendered = result;
        }
        return result;
    }

    private RenderedExpressions renderNow() {
        Placeholders placeholders = new Placeholders();
        String keyConditionText = keyCondition == null ? null : keyCondition.render(placeholders);
        String filterText = filter == null ? null : filter.render(placeholders);
        String projectionText = projection == null ? null : projection.render(placeholders);
        String conditionText = condition == null ? null : condition.render(placeholders);
        String updateText = update == null || update.isEmpty() ? null : update.render(placeholders);
        return new RenderedExpressions(keyConditionText, filterText, projectionText, conditionText, updateText,
                placeholders.names(), placeholders.values());
    }

    /**
     * Applies key condition, filter and projection to a Query.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public QueryRequest.Builder applyTo(QueryRequest.Builder builder) {
        allowOnly("a Query", Part.KEY_CONDITION, Part.FILTER, Part.PROJECTION);
        if (keyCondition == null) {
            throw new IllegalStateException("A Query needs a key condition; set keyCondition(...) (or use a Scan)");
        }
        RenderedExpressions rendered = render();
        return builder.keyConditionExpression(rendered.keyConditionExpression())
                .filterExpression(rendered.filterExpression())
                .projectionExpression(rendered.projectionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies filter and projection to a Scan.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public ScanRequest.Builder applyTo(ScanRequest.Builder builder) {
        allowOnly("a Scan", Part.FILTER, Part.PROJECTION);
        RenderedExpressions rendered = render();
        return builder.filterExpression(rendered.filterExpression())
                .projectionExpression(rendered.projectionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies the projection to a GetItem.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public GetItemRequest.Builder applyTo(GetItemRequest.Builder builder) {
        allowOnly("a GetItem", Part.PROJECTION);
        RenderedExpressions rendered = render();
        return builder.projectionExpression(rendered.projectionExpression())
                .expressionAttributeNames(rendered.names());
    }

    /**
     * Applies the projection to one table's keys of a BatchGetItem.
     *
     * @param builder the keys-and-attributes builder
     * @return the same builder
     */
    public KeysAndAttributes.Builder applyTo(KeysAndAttributes.Builder builder) {
        allowOnly("a BatchGetItem entry", Part.PROJECTION);
        RenderedExpressions rendered = render();
        return builder.projectionExpression(rendered.projectionExpression())
                .expressionAttributeNames(rendered.names());
    }

    /**
     * Applies the projection to a TransactGetItems Get.
     *
     * @param builder the Get builder
     * @return the same builder
     */
    public Get.Builder applyTo(Get.Builder builder) {
        allowOnly("a transaction Get", Part.PROJECTION);
        RenderedExpressions rendered = render();
        return builder.projectionExpression(rendered.projectionExpression())
                .expressionAttributeNames(rendered.names());
    }

    /**
     * Applies the condition to a PutItem.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public PutItemRequest.Builder applyTo(PutItemRequest.Builder builder) {
        allowOnly("a PutItem", Part.CONDITION);
        RenderedExpressions rendered = render();
        return builder.conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies the condition to a DeleteItem.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public DeleteItemRequest.Builder applyTo(DeleteItemRequest.Builder builder) {
        allowOnly("a DeleteItem", Part.CONDITION);
        RenderedExpressions rendered = render();
        return builder.conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies update and condition to an UpdateItem.
     *
     * @param builder the request builder
     * @return the same builder
     */
    public UpdateItemRequest.Builder applyTo(UpdateItemRequest.Builder builder) {
        allowOnly("an UpdateItem", Part.UPDATE, Part.CONDITION);
        RenderedExpressions rendered = render();
        return builder.updateExpression(rendered.updateExpression())
                .conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies the condition to a TransactWriteItems Put.
     *
     * @param builder the Put builder
     * @return the same builder
     */
    public Put.Builder applyTo(Put.Builder builder) {
        allowOnly("a transaction Put", Part.CONDITION);
        RenderedExpressions rendered = render();
        return builder.conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies the condition to a TransactWriteItems Delete.
     *
     * @param builder the Delete builder
     * @return the same builder
     */
    public Delete.Builder applyTo(Delete.Builder builder) {
        allowOnly("a transaction Delete", Part.CONDITION);
        RenderedExpressions rendered = render();
        return builder.conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies update and condition to a TransactWriteItems Update, which requires a non-empty update.
     *
     * @param builder the Update builder
     * @return the same builder
     */
    public software.amazon.awssdk.services.dynamodb.model.Update.Builder applyTo(
            software.amazon.awssdk.services.dynamodb.model.Update.Builder builder) {
        allowOnly("a transaction Update", Part.UPDATE, Part.CONDITION);
        if (update == null || update.isEmpty()) {
            throw new IllegalStateException("A transaction Update needs a non-empty update expression;"
                    + " set update(...) or use a ConditionCheck");
        }
        RenderedExpressions rendered = render();
        return builder.updateExpression(rendered.updateExpression())
                .conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    /**
     * Applies the condition to a TransactWriteItems ConditionCheck, which requires one.
     *
     * @param builder the ConditionCheck builder
     * @return the same builder
     */
    public ConditionCheck.Builder applyTo(ConditionCheck.Builder builder) {
        allowOnly("a transaction ConditionCheck", Part.CONDITION);
        if (condition == null) {
            throw new IllegalStateException("A ConditionCheck needs a condition; set condition(...)");
        }
        RenderedExpressions rendered = render();
        return builder.conditionExpression(rendered.conditionExpression())
                .expressionAttributeNames(rendered.names())
                .expressionAttributeValues(rendered.values());
    }

    private enum Part {
        KEY_CONDITION("a key condition"),
        FILTER("a filter"),
        PROJECTION("a projection"),
        CONDITION("a condition"),
        UPDATE("an update");

        private final String label;

        Part(String label) {
            this.label = label;
        }
    }

    private void allowOnly(String requestKind, Part... allowed) {
        refuseUnless(keyCondition != null, Part.KEY_CONDITION, requestKind, allowed);
        refuseUnless(filter != null, Part.FILTER, requestKind, allowed);
        refuseUnless(projection != null, Part.PROJECTION, requestKind, allowed);
        refuseUnless(condition != null, Part.CONDITION, requestKind, allowed);
        refuseUnless(update != null && !update.isEmpty(), Part.UPDATE, requestKind, allowed);
    }

    private static void refuseUnless(boolean present, Part part, String requestKind, Part... allowed) {
        if (!present) {
            return;
        }
        for (Part allowedPart : allowed) {
            if (allowedPart == part) {
                return;
            }
        }
        throw new IllegalStateException(requestKind + " has no place for " + part.label
                + "; this ExpressionRequest carries expressions for another kind of request");
    }
}
