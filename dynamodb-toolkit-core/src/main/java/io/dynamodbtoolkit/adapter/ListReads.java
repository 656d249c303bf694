package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.cursor.CursorState.Position;
import io.dynamodbtoolkit.cursor.CursorState;
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

    ListReads(AdapterContext context, FilterCompiler compiler) {
        this.context = context;
        this.compiler = compiler;
    }

    /**
     * Reads one page of a query plan.
     *
     * @throws IllegalArgumentException when a strongly consistent read targets a global index
     * @throws InvalidCursorException when the cursor is not one of this query's
     */
    RawPage query(QueryPlan plan, ListOptions options) {
        if (options.consistent() && plan.globalIndex()) {
            throw new IllegalArgumentException("Strongly consistent reads are not supported on global secondary "
                    + "index '" + plan.indexName() + "' of table " + context.table()
                    + ": read eventually consistently, or query the table");
        }
        List<KeyCondition> segments = new ArrayList<>(plan.segments());
        if (options.descending()) {
            Collections.reverse(segments);
        }
        Projection projection = projection(options, plan.positionKeys());
        List<PageSource> sources = new ArrayList<>(segments.size());
        for (KeyCondition segment : segments) {
            CompiledQuery compiled = compiler.compileQuery(options.filter(), segment, plan.schema());
            sources.add(PageSource.query(context.client(), compiled.toRequest().projection(projection),
                    request -> request.tableName(context.table()).indexName(plan.indexName())
                            .scanIndexForward(!options.descending())
                            .consistentRead(options.consistent() ? Boolean.TRUE : null)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
        }
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
     * Reads one page of a Scan of a sparse index: only its members, in no particular order; a declared number of
     * parallel segments is read at once, each resuming from its own position.
     *
     * @throws IllegalArgumentException when the read asks for an order or for a strongly consistent read of a
     *                                  global index
     * @throws InvalidCursorException   when the cursor is not one of this scan's
     */
    RawPage scanIndex(IndexDeclaration index, List<String> positionKeys, ListOptions options) {
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
    private RawPage readMerged(List<PageSource> sources, List<String> positionKeys,
            Comparator<Map<String, AttributeValue>> order, ListOptions options, String fingerprint, String what) {
        MergedReads merged = new MergedReads(sources, positionKeys, order, context.options().executor());
        int perShard = options.limit() == 0 ? 0 : Math.max(1, -Math.floorDiv(-options.limit(), sources.size()) + 1);
        return readPositioned(sources, options, fingerprint, what, positions -> merged.read(positions,
                options.limit(), pageLimit(perShard, !options.filter().isEmpty())));
    }

    /** Reads one page of sources that each resume from their own position in the cursor. */
    private RawPage readPositioned(List<PageSource> sources, ListOptions options, String fingerprint, String what,
            Function<List<Position>, MergedReads.Result> reader) {
        if (options.offset() > 0) {
            throw new IllegalArgumentException("Offset paging is not supported on " + what + "; page with cursors");
        }
        List<Position> positions = new ArrayList<>();
        if (options.cursor() == null) {
            sources.forEach(source -> positions.add(Position.start()));
        } else {
            positions.addAll(context.options().cursors().decode(options.cursor(), fingerprint).positions());
            if (positions.size() != sources.size()) {
                throw new InvalidCursorException("The cursor is malformed");
            }
        }
        MergedReads.Result result = reader.apply(positions);
        boolean done = positions.stream().allMatch(position -> position.kind() == Position.Kind.DONE);
        String next = done ? null : context.options().cursors().encode(new CursorState(0, positions, List.of()),
                fingerprint);
        ReadStats stats = result.stats();
        OptionalLong total = OptionalLong.empty();
        if (options.countTotal()) {
            Counted counted = countAll(sources);
            stats = stats.plus(counted.stats());
            total = OptionalLong.of(counted.count());
        }
        return new RawPage(result.items(), next, total, stats, describe(sources));
    }

    private static Supplier<String> describe(List<PageSource> sources) {
        return () -> sources.stream().map(PageSource::description).collect(Collectors.joining(" ; "));
    }

    private static Counted countAll(List<PageSource> sources) {
        ReadStats stats = ReadStats.NONE;
        long counted = 0;
        for (PageSource source : sources) {
            Map<String, AttributeValue> start = null;
            do {
                PageSource.Page page = source.fetch(start, null, true);
                stats = stats.plus(page.stats());
                counted += page.count();
                start = page.lastEvaluatedKey();
            } while (start != null);
        }
        return new Counted(counted, stats);
    }

    /** A count of every match and what it cost. */
    private record Counted(long count, ReadStats stats) {
    }

    /** Reads one page of a Scan of the table, with the filter as a FilterExpression. */
    RawPage scan(ListOptions options) {
        List<String> positionKeys = context.keys().primaryKeyNames();
        PageSource source = scanSegments(null, 1, positionKeys, options).get(0);
        return read(List.of(source), positionKeys, options, "scan|" + context.table() + "|" + source.fingerprint());
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
        if (segments == 1) {
            return scan(options);
        }
        List<String> positionKeys = context.keys().primaryKeyNames();
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
    private RawPage readSegments(List<PageSource> sources, List<String> positionKeys, ListOptions options,
            String fingerprint, String what) {
        SegmentReads reads = new SegmentReads(sources, positionKeys, context.options().executor());
        boolean filtered = !options.filter().isEmpty();
        return readPositioned(sources, options, fingerprint, what, positions -> reads.read(positions,
                options.limit(), share -> pageLimit(share, filtered)));
    }

    /** The page sources of a Scan of the table or an index: one, or one per parallel segment. */
    private List<PageSource> scanSegments(String indexName, int segments, List<String> positionKeys,
            ListOptions options) {
        Condition filter = compiler.compileScan(options.filter()).orElse(null);
        List<PageSource> sources = new ArrayList<>(segments);
        for (int segment = 0; segment < segments; segment++) {
            Integer number = segments == 1 ? null : segment;
            sources.add(PageSource.scan(context.client(), ExpressionRequest.create()
                    .filter(filter).projection(projection(options, positionKeys)),
                    request -> request.tableName(context.table()).indexName(indexName)
                            .segment(number).totalSegments(number == null ? null : segments)
                            .consistentRead(options.consistent() ? Boolean.TRUE : null)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
        }
        return sources;
    }

    private RawPage read(List<PageSource> sources, List<String> positionKeys, ListOptions options,
            String fingerprint) {
        CursorState state = options.cursor() == null ? CursorState.of(0, Position.start())
                : context.options().cursors().decode(options.cursor(), fingerprint);
        Cursor cursor = new Cursor(state.phase(), state.position());
        if (cursor.segment < 0 || cursor.segment > sources.size()) {
            throw new InvalidCursorException("The cursor is malformed");
        }
        ReadStats stats = ReadStats.NONE;
        if (options.offset() > 0) {
            stats = stats.plus(skip(sources, cursor, options.offset()));
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        int limit = options.limit();
        boolean filtered = !options.filter().isEmpty();
        while (cursor.segment < sources.size() && (limit == 0 || items.size() < limit)) {
            if (cursor.position.kind() == Position.Kind.DONE) {
                cursor.next();
                continue;
            }
            int remaining = limit == 0 ? 0 : limit - items.size();
            PageSource.Page page = sources.get(cursor.segment).fetch(cursor.position.exclusiveStartKey(),
                    pageLimit(remaining, filtered), false);
            stats = stats.plus(page.stats());
            if (remaining > 0 && page.items().size() > remaining) {
                items.addAll(page.items().subList(0, remaining));
                cursor.position = Position.after(positionOf(items.get(items.size() - 1), positionKeys));
            } else {
                items.addAll(page.items());
                cursor.position = page.lastEvaluatedKey() == null ? Position.done()
                        : Position.after(page.lastEvaluatedKey());
            }
            if (cursor.position.kind() == Position.Kind.DONE) {
                cursor.next();
            }
        }
        String next = cursor.segment >= sources.size() ? null
                : context.options().cursors().encode(CursorState.of(cursor.segment, cursor.position), fingerprint);
        OptionalLong total = OptionalLong.empty();
        if (options.countTotal()) {
            Counted counted = countAll(sources);
            stats = stats.plus(counted.stats());
            total = OptionalLong.of(counted.count());
        }
        return new RawPage(items, next, total, stats, describe(sources));
    }

    /** Moves the cursor past {@code offset} matching items with COUNT reads, never overshooting. */
    private static ReadStats skip(List<PageSource> sources, Cursor cursor, long offset) {
        ReadStats stats = ReadStats.NONE;
        long toSkip = offset;
        while (toSkip > 0 && cursor.segment < sources.size()) {
            if (cursor.position.kind() == Position.Kind.DONE) {
                cursor.next();
                continue;
            }
            int limit = (int) Math.min(toSkip, Integer.MAX_VALUE);
            PageSource.Page page = sources.get(cursor.segment).fetch(cursor.position.exclusiveStartKey(), limit, true);
            stats = stats.plus(page.stats());
            toSkip -= page.count();
            cursor.position = page.lastEvaluatedKey() == null ? Position.done()
                    : Position.after(page.lastEvaluatedKey());
            if (cursor.position.kind() == Position.Kind.DONE) {
                cursor.next();
            }
        }
        return stats;
    }

    private static Integer pageLimit(int remaining, boolean filtered) {
        if (remaining == 0) {
            return null;
        }
        if (!filtered) {
            return remaining;
        }
        return Math.max(MIN_FILTERED_LIMIT, Math.min(MAX_FILTERED_LIMIT, remaining * FILTERED_PAGE_FACTOR));
    }

    private static Projection projection(ListOptions options, List<String> positionKeys) {
        if (options.fields().isEmpty()) {
            return null;
        }
        return Projection.of(options.fields().toArray(String[]::new))
                .with(positionKeys.stream().map(AttributePath::of)
                        .toArray(AttributePath[]::new));
    }

    private static Map<String, AttributeValue> positionOf(Map<String, AttributeValue> item, List<String> keys) {
        Map<String, AttributeValue> position = new LinkedHashMap<>();
        for (String key : keys) {
            AttributeValue value = item.get(key);
            if (value == null) {
                throw new IllegalStateException("Item " + item.keySet() + " lacks key attribute '" + key
                        + "' needed to position the next page");
            }
            position.put(key, value);
        }
        return position;
    }

    /** Where a read stands: the segment and the position within it. */
    private static final class Cursor {
        private int segment;
        private Position position;

        Cursor(int segment, Position position) {
            this.segment = segment;
            this.position = position;
        }

        void next() {
            segment++;
            position = Position.start();
        }
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
    record RawPage(List<Map<String, AttributeValue>> items, String nextCursor, OptionalLong total, ReadStats stats,
            Supplier<String> description) {
    }
}
