package io.dynamodbtoolkit.springbatch.item;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.adapter.StoredItems;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemStreamSupport;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The common part of the toolkit's restartable readers: reads whole stored items page by page from a {@link KeySeek}
 * and keeps, in the step's execution context, the position right after the last item it handed out, so that a
 * restart after a committed chunk resumes exactly there (items read ahead beyond the chunk are simply read again).
 * The position is a key, not a count: items deleted meanwhile (a move of the rows read) make it skip or repeat
 * nothing.
 *
 * <p>Execution context keys, each prefixed with the reader's name ({@link #setName}, by default the class's short
 * name) and a dot: {@value #SCOPE} (what the reader reads, to refuse a position saved by another reader),
 * {@value #SEGMENT} (the segment of the read, or the number of segments once the read is complete) and
 * {@value #AFTER} (the key after which it resumes, as {@code name=S:value&...}; absent at a segment's start). A
 * position that does not belong to the reader is refused with a {@link ForeignPositionException} naming the key.
 */
public abstract class StoredItemReader extends ItemStreamSupport
        implements ItemStreamReader<Map<String, AttributeValue>> {

    /** Items read per call unless {@link #setPageSize} says otherwise. */
    public static final int DEFAULT_PAGE_SIZE = 100;
    /** Context key suffix of what the reader reads. */
    public static final String SCOPE = "scope";
    /** Context key suffix of the segment the reader stands in. */
    public static final String SEGMENT = "segment";
    /** Context key suffix of the key after which the reader resumes. */
    public static final String AFTER = "after";

    private final StoredItems<?> stored;
    private final KeySeek seek;
    private final String scope;
    private final KeySeek.Position start;
    private final Predicate<Map<String, AttributeValue>> beyondEnd;
    private final boolean indexEntries;
    private final Deque<Map<String, AttributeValue>> items = new ArrayDeque<>();
    private final Deque<KeySeek.Position> positions = new ArrayDeque<>();
    private int pageSize = DEFAULT_PAGE_SIZE;
    private KeySeek.@Nullable Position next;
    private KeySeek.@Nullable Position resumeAt;
    private boolean opened;

    /**
     * @param stored       the adapter's stored items (whole items of index entries are read from them)
     * @param seek         what to read
     * @param scope        what the reader reads, for people and to bind its saved positions (the seek's
     *                     description, plus any bounds of the reader's own)
     * @param start        where a fresh read starts
     * @param beyondEnd    tells the first item past the read's end (an upper bound the seek does not know), or
     *                     never
     * @param indexEntries whether the seek reads index entries, whose whole items are then read from the table
     */
    protected StoredItemReader(StoredItems<?> stored, KeySeek seek, String scope, KeySeek.Position start,
            Predicate<Map<String, AttributeValue>> beyondEnd, boolean indexEntries) {
        this.stored = Objects.requireNonNull(stored, "stored");
        this.seek = Objects.requireNonNull(seek, "seek");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.start = Objects.requireNonNull(start, "start");
        this.beyondEnd = Objects.requireNonNull(beyondEnd, "beyondEnd");
        this.indexEntries = indexEntries;
        setName(getClass().getSimpleName());
    }

    /** @param items items read per call (DynamoDB's Limit), at least 1; need not divide the chunk size */
    public void setPageSize(int items) {
        if (items < 1) {
            throw new IllegalArgumentException("pageSize must be >= 1, was " + items);
        }
        this.pageSize = items;
    }

    /** @return what the reader reads: the table or index, the key conditions or Scan segment, its bounds */
    public String scope() {
        return scope;
    }

    /**
     * Checks a saved position against the reader's own bounds, beyond the seek's (e.g. a sort-key range).
     *
     * @throws IllegalArgumentException saying why the position lies outside them
     */
    protected void requireWithinBounds(KeySeek.Position position) {
    }

    @Override
    public synchronized void open(ExecutionContext context) {
        items.clear();
        positions.clear();
        next = restoredPosition(context);
        resumeAt = next;
        opened = true;
    }

    private KeySeek.@Nullable Position restoredPosition(ExecutionContext context) {
        String scopeKey = getExecutionContextKey(SCOPE);
        String segmentKey = getExecutionContextKey(SEGMENT);
        String afterKey = getExecutionContextKey(AFTER);
        if (!context.containsKey(scopeKey) && !context.containsKey(segmentKey) && !context.containsKey(afterKey)) {
            return start;
        }
        Object savedScope = context.get(scopeKey);
        if (!scope.equals(savedScope)) {
            throw new ForeignPositionException(scopeKey, "holds a position of " + (savedScope == null ? "nothing"
                    : "'" + savedScope + "'") + ", but this reader reads '" + scope + "'");
        }
        if (!(context.get(segmentKey) instanceof Number segment) || segment.intValue() < 0
                || segment.intValue() > seek.segments()) {
            throw new ForeignPositionException(segmentKey, "holds " + context.get(segmentKey) + ", not a segment "
                    + "between 0 and " + seek.segments());
        }
        Object after = context.get(afterKey);
        if (segment.intValue() == seek.segments()) {
            if (after != null) {
                throw new ForeignPositionException(afterKey, "holds a key, but the read is complete");
            }
            return null;
        }
        if (after != null && !(after instanceof String)) {
            throw new ForeignPositionException(afterKey, "holds a " + after.getClass().getName() + ", not a key");
        }
        try {
            KeySeek.Position position = new KeySeek.Position(segment.intValue(),
                    after == null ? null : KeyText.decode((String) after));
            seek.requireOwn(position);
            requireWithinBounds(position);
            return position;
        } catch (IllegalArgumentException e) {
            throw new ForeignPositionException(afterKey, "holds '" + after + "': " + e.getMessage());
        }
    }

    @Override
    public synchronized @Nullable Map<String, AttributeValue> read() {
        if (!opened) {
            throw new IllegalStateException("Reader '" + getName() + "' is not open: open it with the step's "
                    + "execution context first");
        }
        KeySeek.Position from = next;
        while (items.isEmpty() && from != null) {
            readPage(from);
            from = next;
        }
        if (items.isEmpty()) {
            return null;
        }
        resumeAt = positions.poll();
        return items.poll();
    }

    private void readPage(KeySeek.Position from) {
        KeySeek.Page page = seek.read(from, pageSize);
        next = page.next();
        List<Map<String, AttributeValue>> read = page.items();
        List<Map<String, AttributeValue>> whole = indexEntries && !read.isEmpty()
                ? stored.readAll(read.stream().map(stored::keyOf).toList()) : read;
        for (int i = 0; i < read.size(); i++) {
            if (beyondEnd.test(read.get(i))) {
                next = null;
                return;
            }
            if (whole.get(i) != null) {
                items.add(whole.get(i));
                positions.add(page.positions().get(i));
            }
        }
    }

    @Override
    public synchronized void update(ExecutionContext context) {
        context.putString(getExecutionContextKey(SCOPE), scope);
        boolean complete = items.isEmpty() && next == null;
        if (complete) {
            context.putInt(getExecutionContextKey(SEGMENT), seek.segments());
            context.remove(getExecutionContextKey(AFTER));
            return;
        }
        // an unfinished read has handed out an item (its position) or none yet (where it started)
        KeySeek.Position at = Objects.requireNonNull(resumeAt, "the position of an unfinished read");
        context.putInt(getExecutionContextKey(SEGMENT), at.segment());
        Map<String, AttributeValue> after = at.after();
        if (after == null) {
            context.remove(getExecutionContextKey(AFTER));
        } else {
            context.putString(getExecutionContextKey(AFTER), KeyText.encode(after));
        }
    }

    @Override
    public synchronized void close() {
        items.clear();
        positions.clear();
        opened = false;
    }
}
