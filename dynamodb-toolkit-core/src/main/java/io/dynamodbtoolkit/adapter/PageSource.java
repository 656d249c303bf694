package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.RenderedExpressions;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One stream of pages: a Query with its key condition and filter, or a Scan. Each page is one call, built here and
 * sent by an executor (see {@link PageReading}); throttling and transient errors are retried by the SDK client's
 * retry strategy only.
 */
interface PageSource {

    /**
     * @param startKey  where to resume (ExclusiveStartKey), or null
     * @param limit     DynamoDB's Limit (items evaluated), or null
     * @param countOnly whether to ask only for the count (Select COUNT)
     * @return the request of one page
     */
    PageCall call(@Nullable Map<String, AttributeValue> startKey, @Nullable Integer limit, boolean countOnly);

    /** @return the request's expressions for people, placeholders substituted (rendered on first call) */
    String description();

    /**
     * @return what identifies the request's result set (key condition, filter, values; not the projection),
     *         cheaply, to bind cursors to their query
     */
    String fingerprint();

    /**
     * One page as DynamoDB returned it.
     *
     * @param items            the items (empty for counts)
     * @param lastEvaluatedKey where the next page starts, or null at the end
     * @param count            items returned (after the filter)
     * @param scanned          items read (before the filter)
     * @param capacityUnits    capacity consumed, or {@code NaN} when not reported
     */
    record Page(List<Map<String, AttributeValue>> items, @Nullable Map<String, AttributeValue> lastEvaluatedKey,
            int count,
            int scanned, double capacityUnits) {

        ReadStats stats() {
            return new ReadStats(1, count, scanned, capacityUnits);
        }
    }

    /** A Query, rendered once, re-sent with each start key and limit. */
    static PageSource query(ExpressionRequest expressions,
            Function<QueryRequest.Builder, QueryRequest.Builder> settings) {
        QueryRequest template = settings.apply(expressions.applyTo(QueryRequest.builder())).build();
        QueryRequest countTemplate = settings.apply(expressions.projection(null).applyTo(QueryRequest.builder()))
                .select(Select.COUNT).build();
        RenderedExpressions shown = expressions.render();
        Supplier<String> description = memoized(() -> ExpressionDisplay.show(shown.keyConditionExpression(),
                shown.names(), shown.values()) + (shown.filterExpression() == null ? "" : " FILTER "
                        + ExpressionDisplay.show(shown.filterExpression(), shown.names(), shown.values())));
        String fingerprint = fingerprint(expressions.projection(null).render());
        return new Parts((startKey, limit, countOnly) -> new PageCall.Query((countOnly ? countTemplate : template)
                .toBuilder().exclusiveStartKey(startKey).limit(limit).build()), description, fingerprint);
    }

    /** A Scan, rendered once, re-sent with each start key and limit. */
    static PageSource scan(ExpressionRequest expressions,
            Function<ScanRequest.Builder, ScanRequest.Builder> settings) {
        ScanRequest template = settings.apply(expressions.applyTo(ScanRequest.builder())).build();
        ScanRequest countTemplate = settings.apply(expressions.projection(null).applyTo(ScanRequest.builder()))
                .select(Select.COUNT).build();
        RenderedExpressions shown = expressions.render();
        Supplier<String> description = memoized(() -> "SCAN" + (shown.filterExpression() == null ? ""
                : " FILTER " + ExpressionDisplay.show(shown.filterExpression(), shown.names(), shown.values())));
        String fingerprint = fingerprint(expressions.projection(null).render());
        return new Parts((startKey, limit, countOnly) -> new PageCall.Scan((countOnly ? countTemplate : template)
                .toBuilder().exclusiveStartKey(startKey).limit(limit).build()), description, fingerprint);
    }

    /**
     * A page source from its parts.
     *
     * @param builder     builds one page's request
     * @param describer   renders the description on first use
     * @param fingerprint what identifies the result set
     */
    record Parts(CallBuilder builder, Supplier<String> describer, String fingerprint) implements PageSource {

        @Override
        public PageCall call(@Nullable Map<String, AttributeValue> startKey, @Nullable Integer limit,
                boolean countOnly) {
            return builder.call(startKey, limit, countOnly);
        }

        @Override
        public String description() {
            return describer.get();
        }
    }

    /** Builds one page's request. */
    @FunctionalInterface
    interface CallBuilder {
        /** @see PageSource#call */
        PageCall call(@Nullable Map<String, AttributeValue> startKey, @Nullable Integer limit, boolean countOnly);
    }

    private static String fingerprint(RenderedExpressions shown) {
        return shown.keyConditionExpression() + "|" + shown.filterExpression() + "|" + shown.names() + "|"
                + shown.values();
    }

    private static Supplier<String> memoized(Supplier<String> render) {
        return new Supplier<>() {
            private @Nullable String rendered;

            @Override
            public synchronized String get() {
                if (rendered == null) {
                    rendered = render.get();
                }
                return rendered;
            }
        };
    }

}
