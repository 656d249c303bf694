package io.dynamodbtoolkit.mass;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItems;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The loop of one run of a mass operation: reads the scope page by page (the next page is read while the
 * current one is written), hands each page to the operation's processor, and stops at the end of the scope or
 * after {@code maxItems} items. The result's cursor is the position after the last page processed, so the next
 * run resumes exactly there. An empty page (DynamoDB may end a scope with one) is neither processed nor reported. Logs a progress line at INFO every ten seconds of a long run.
 */
final class MassRunner {

    private static final Logger LOG = LoggerFactory.getLogger(MassRunner.class);
    private static final Duration LOG_EVERY = Duration.ofSeconds(10);

    private final StoredItems<?> stored;
    private final String adapter;
    private final String table;
    private final MassProgressListener listener;

    /**
     * @param stored   the adapter's stored items
     * @param adapter  the adapter's name, for progress
     * @param table    the table, for the log
     * @param listener hears the progress of every run, besides each run's own listener
     */
    MassRunner(StoredItems<?> stored, String adapter, String table, MassProgressListener listener) {
        this.stored = stored;
        this.adapter = adapter;
        this.table = table;
        this.listener = listener;
    }

    /**
     * @param operation  the operation's name, for progress
     * @param scope      the items covered
     * @param descending whether to walk the scope backwards (leaves first in a hierarchy)
     * @param options    the run's options
     * @param processor  what to do with each page
     */
    MassResult run(String operation, MassScope scope, boolean descending, MassOptions options,
            PageProcessor processor) {
        long started = System.nanoTime();
        long lastLog = started;
        MassTally tally = new MassTally();
        String cursor = options.cursor();
        CompletableFuture<StoredItems.Page> next = read(scope, descending, options, cursor, tally.readCount());
        while (next != null) {
            StoredItems.Page page = join(next);
            tally.read(page.items().size());
            boolean more = page.nextCursor() != null && (options.maxItems() == 0
                    || tally.readCount() < options.maxItems());
            next = more ? read(scope, descending, options, page.nextCursor(), tally.readCount()) : null;
            cursor = page.nextCursor();
            if (page.items().isEmpty()) {
                continue;
            }
            processor.process(wholeItems(scope, page.items()), tally);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
            MassProgress progress = tally.progress(adapter, operation, elapsed);
            listener.onProgress(progress);
            options.listener().onProgress(progress);
            if (System.nanoTime() - lastLog >= LOG_EVERY.toNanos()) {
                lastLog = System.nanoTime();
                LOG.info("Mass {} on {}: {} read, {} written, {} skipped, {} failed, {} items/s", operation, table,
                        progress.read(), progress.processed(), progress.skipped(), progress.failed(),
                        Math.round(progress.ratePerSecond()));
            }
        }
        return tally.result(cursor);
    }

    private CompletableFuture<StoredItems.Page> read(MassScope scope, boolean descending, MassOptions options,
            String cursor, long readSoFar) {
        int limit = options.maxItems() == 0 ? options.pageSize()
                : (int) Math.min(options.pageSize(), options.maxItems() - readSoFar);
        ListOptions list = ListOptions.defaults().withLimit(limit).withCursor(cursor).withFilter(options.filter());
        ListOptions ordered = descending ? list.inDescendingOrder() : list;
        return CompletableFuture.supplyAsync(() -> scope.isWholeTable() ? stored.scanPage(ordered)
                : stored.page(scope.plan(), ordered), stored.options().executor());
    }

    /** Index entries may carry only keys: read the whole items from the table (dropping any gone since). */
    private List<Map<String, AttributeValue>> wholeItems(MassScope scope,
            List<Map<String, AttributeValue>> items) {
        if (scope.isWholeTable() || scope.plan().indexName() == null || items.isEmpty()) {
            return items;
        }
        List<Map<String, AttributeValue>> keys = items.stream().map(stored::keyOf).toList();
        List<Map<String, AttributeValue>> whole = new ArrayList<>(items.size());
        stored.readAll(keys).stream().filter(Objects::nonNull).forEach(whole::add);
        return whole;
    }

    private static StoredItems.Page join(CompletableFuture<StoredItems.Page> page) {
        try {
            return page.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }
}
