package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.filter.CompiledQuery;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.filter.FilterCompiler;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.expression.KeyCondition;
import io.dynamodbtoolkit.expression.Projection;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexType;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * List reads with keyset cursors: runs the segments of a {@link QueryPlan} (or a Scan) page by page until the
 * page holds {@code limit} items, and returns a signed cursor that resumes exactly after the last item returned.
 * Limit means items returned: with a filter, pages continue until enough items pass it. Offset pages skip with
 * COUNT reads; a total is counted only when asked. Every Query and Scan asks for its total consumed capacity, which
 * the page's {@link ReadStats} report.
 */
final class ListReads {

    /** Items evaluated per Query while a filter discards some: enough to fill a page without many round trips. */
    private static final int FILTERED_PAGE_FACTOR = 4;
    private static final int MIN_FILTERED_LIMIT = 25;
    private static final int MAX_FILTERED_LIMIT = 1000;

    private final AdapterContext context;
    private final FilterCompiler compiler;
    private final BlockingCalls calls;

    ListReads(AdapterContext context, FilterCompiler compiler) {
        this.context = context;
        this.compiler = compiler;
        this.calls = new BlockingCalls(context);
    }

    /**
     * Reads one page of a query plan.
     *
     * @throws IllegalArgumentException when a strongly consistent read targets a global index
     * @throws InvalidCursorException when the cursor is not one of this query's
     */
    RawPage query(QueryPlan plan, ListOptions options) {
        return calls.run(queryReading(plan, options)).page();
    }

    /** @return the reading of one page of a query plan, for an executor to run; see {@link #query} */
    ListRead queryReading(QueryPlan plan, ListOptions options) {
        if (options.consistent() && plan.globalIndex()) {
            throw new IllegalArgumentException("Strongly consistent reads are not supported on global secondary "
                    + "index '" + plan.indexName() + "' of table " + context.table()
                    + ": read eventually consistently, or query the table");
        }
        List<PageSource> sources = querySources(plan, options);
        String fingerprint = "query|" + context.table() + "|" + plan.indexName() + "|"
                + sources.stream().map(PageSource::fingerprint).collect(Collectors.joining(";"))
                + "|desc=" + options.descending() + "|merged=" + plan.merged();
        if (plan.merged()) {
            Comparator<Map<String, AttributeValue>> order = AttributeValueOrder.byAttributes(
                    plan.schema().sortAttributes().stream().map(KeyAttribute::name).toList());
            return readMerged(sources, plan.positionKeys(), options.descending() ? order.reversed() : order, options,
                    fingerprint, "a sharded index ('" + plan.indexName() + "')");
        }
        return read(sources, plan.positionKeys(), options, fingerprint);
    }

    /**
     * @return the page sources of a query plan, one per segment, in the order they are read (reversed for a
     *         descending read)
     */
    List<PageSource> querySources(QueryPlan plan, ListOptions options) {
        List<KeyCondition> segments = new ArrayList<>(plan.segments());
        if (options.descending()) {
            Collections.reverse(segments);
        }
        Projection projection = projection(options, plan.positionKeys());
        List<PageSource> sources = new ArrayList<>(segments.size());
        for (KeyCondition segment : segments) {
            CompiledQuery compiled = compiler.compileQuery(options.filter(), segment, plan.schema());
            sources.add(PageSource.query(compiled.toRequest().projection(projection),
                    request -> request.tableName(context.table()).indexName(plan.indexName())
                            .scanIndexForward(!options.descending())
                            .consistentRead(options.consistent() ? Boolean.TRUE : null)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
        }
        return sources;
    }

    /**
     * Reads one page of a Scan of a sparse index: only its members, in no particular order; a declared number of
     * parallel segments is read at once, each resuming from its own position.
     *
     * @throws IllegalArgumentException when the read asks for an order or for a strongly consistent read of a
     *                                  global index
     * @throws InvalidCursorException   when the cursor is not one of this scan's
     */
    RawPage scanIndex(IndexDeclaration index, List<String> positionKeys, ListOptions options) {
        return calls.run(scanIndexReading(index, positionKeys, options)).page();
    }

    /** @return the reading of one page of a Scan of a sparse index; see {@link #scanIndex} */
    ListRead scanIndexReading(IndexDeclaration index, List<String> positionKeys, ListOptions options) {
        if (options.descending()) {
            throw new IllegalArgumentException("A Scan of index '" + index.name() + "' returns its members in no "
                    + "order, so it cannot be read in descending order: read it ascending, or give the index's "
                    + "partition key value to Query it in key order");
        }
        if (options.consistent() && index.type() == IndexType.GLOBAL) {
            throw new IllegalArgumentException("Strongly consistent reads are not supported on global secondary "
                    + "index '" + index.name() + "' of table " + context.table() + ": read eventually consistently");
        }
        int segments = index.scanSegments();
        List<PageSource> sources = scanSegments(index.name(), segments, positionKeys, options);
        String fingerprint = "scan|" + context.table() + "|" + index.name() + "|segments=" + segments + "|"
                + sources.get(0).fingerprint();
        if (segments == 1) {
            return read(sources, positionKeys, options, fingerprint);
        }
        return readSegments(sources, positionKeys, options, fingerprint,
                "a Scan of index '" + index.name() + "' in " + segments + " segments");
    }

    /**
     * Reads the segments as parallel streams merged by an order, each resuming from its own position: the shards of
     * a sharded index in sort-key order.
     */
    private ListRead readMerged(List<PageSource> sources, List<String> positionKeys,
            Comparator<Map<String, AttributeValue>> order, ListOptions options, String fingerprint, String what) {
        int perShard = options.limit() == 0 ? 0 : Math.max(1, -Math.floorDiv(-options.limit(), sources.size()) + 1);
        Integer pageLimit = pageLimit(perShard, !options.filter().isEmpty());
        return new ListRead(new PositionedRead(sources, options, fingerprint, context.options().cursors(), what,
                positions -> new MergedReads(sources, positionKeys, order, positions, options.limit(), pageLimit)),
                sources, options.countTotal());
    }

    /** Reads one page of a Scan of the table, with the filter as a FilterExpression. */
    RawPage scan(ListOptions options) {
        return scan(options, 1);
    }

    /**
     * Reads one page of a Scan of the table in parallel segments (DynamoDB's {@code TotalSegments}), each resuming
     * from its own position; the items of one page come from every segment, segment by segment (see
     * {@link SegmentReads}: one call per segment a page, nothing read twice).
     *
     * @param segments how many segments, 1 for a plain Scan
     * @throws InvalidCursorException when the cursor is not one of this scan's (also: of another segment count)
     */
    RawPage scan(ListOptions options, int segments) {
        return calls.run(scanReading(options, segments)).page();
    }

    /** @return the reading of one page of a Scan of the table; see {@link #scan(ListOptions, int)} */
    ListRead scanReading(ListOptions options, int segments) {
        List<String> positionKeys = context.keys().primaryKeyNames();
        if (segments == 1) {
            PageSource source = scanSegments(null, 1, positionKeys, options).get(0);
            return read(List.of(source), positionKeys, options, "scan|" + context.table() + "|"
                    + source.fingerprint());
        }
        List<PageSource> sources = scanSegments(null, segments, positionKeys, options);
        String fingerprint = "scan|" + context.table() + "|segments=" + segments + "|" + sources.get(0).fingerprint();
        return readSegments(sources, positionKeys, options, fingerprint,
                "a Scan of table " + context.table() + " in " + segments + " segments");
    }

    /**
     * Reads the parallel segments of a Scan, of the table or of an index, each resuming from its own position: the
     * items of one page come from every segment, segment by segment (see {@link SegmentReads}: one call per segment
     * a page, nothing read twice).
     */
    private ListRead readSegments(List<PageSource> sources, List<String> positionKeys, ListOptions options,
            String fingerprint, String what) {
        boolean filtered = !options.filter().isEmpty();
        return new ListRead(new PositionedRead(sources, options, fingerprint, context.options().cursors(), what,
                positions -> new SegmentReads(sources, positionKeys, positions, options.limit(),
                        share -> pageLimit(share, filtered))), sources, options.countTotal());
    }

    /** The page sources of a Scan of the table or an index: one, or one per parallel segment. */
    private List<PageSource> scanSegments(@Nullable String indexName, int segments, List<String> positionKeys,
            ListOptions options) {
        List<PageSource> sources = new ArrayList<>(segments);
        for (int segment = 0; segment < segments; segment++) {
            sources.add(scanSegment(indexName, segment, segments, positionKeys, options));
        }
        return sources;
    }

    /**
     * @param indexName the index scanned, or null for the table
     * @param segment   the segment, from 0
     * @param segments  how many segments the Scan is cut into, 1 for a plain Scan
     * @return the page source of one segment of a Scan of the table (never returning a guard item of a unique
     *         field) or an index
     */
    PageSource scanSegment(@Nullable String indexName, int segment, int segments, List<String> positionKeys,
            ListOptions options) {
        Condition filter = withoutGuards(indexName, compiler.compileScan(options.filter()).orElse(null));
        Integer number = segments == 1 ? null : segment;
        return PageSource.scan(ExpressionRequest.create().filter(filter).projection(projection(options, positionKeys)),
                request -> request.tableName(context.table()).indexName(indexName)
                        .segment(number).totalSegments(number == null ? null : segments)
                        .consistentRead(options.consistent() ? Boolean.TRUE : null)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    }

    /**
     * @param field   a unique field
     * @param options the cursor to resume from (the rest of the options as for a Scan)
     * @return a strongly consistent Scan of the table returning only the guard items of one unique field
     */
    ListRead guardScanReading(String field, ListOptions options) {
        List<String> positionKeys = context.keys().primaryKeyNames();
        Condition ofField = Condition.attribute(context.uniques().fieldAttribute()).eq(AttributeValue.fromS(field));
        PageSource source = PageSource.scan(ExpressionRequest.create().filter(ofField),
                request -> request.tableName(context.table()).consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        return read(List.of(source), positionKeys, options, "guards|" + context.table() + "|" + field + "|"
                + source.fingerprint());
    }

    /**
     * @return the filter of a Scan of the table, leaving out the guard items of unique fields (they are read, and
     *         billed, like any item a filter drops); of an index, the filter as it is (guards are in no index)
     */
    private @Nullable Condition withoutGuards(@Nullable String indexName, @Nullable Condition filter) {
        if (indexName != null || context.uniques().isEmpty()) {
            return filter;
        }
        Condition notGuard = Condition.attribute(context.uniques().ownerAttribute()).notExists();
        return filter == null ? notGuard : Condition.allOf(filter, notGuard);
    }

    private ListRead read(List<PageSource> sources, List<String> positionKeys, ListOptions options,
            String fingerprint) {
        return new ListRead(new SequentialRead(sources, positionKeys, options, fingerprint,
                context.options().cursors()), sources, options.countTotal());
    }

    /**
     * @return the {@code Limit} of a call for {@code remaining} items: as many, or with a filter enough to fill the
     *         page without many round trips; null for no limit
     */
    static @Nullable Integer pageLimit(int remaining, boolean filtered) {
        if (remaining == 0) {
            return null;
        }
        if (!filtered) {
            return remaining;
        }
        return Math.max(MIN_FILTERED_LIMIT, Math.min(MAX_FILTERED_LIMIT, remaining * FILTERED_PAGE_FACTOR));
    }

    private static @Nullable Projection projection(ListOptions options, List<String> positionKeys) {
        if (options.fields().isEmpty()) {
            return null;
        }
        return Projection.of(options.fields().toArray(String[]::new))
                .with(positionKeys.stream().map(AttributePath::of)
                        .toArray(AttributePath[]::new));
    }

    /**
     * A page on attribute maps.
     *
     * @param items       the items as stored
     * @param nextCursor  the next page's cursor, or null
     * @param total       the count of all matches, when asked
     * @param stats       the cost
     * @param description renders the requests' expressions for people
     */
    record RawPage(List<Map<String, AttributeValue>> items, @Nullable String nextCursor, OptionalLong total,
            ReadStats stats,
            Supplier<String> description) {
    }
}
