package io.dynamodbtoolkit.mass;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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
 * after {@code maxItems} items. A page's writes may still be in flight while the next page's start, so the calls
 * in flight do not drain at each page's end; progress is reported as each page completes, in page order, and the
 * run returns only when every page it read is done (also when it fails: then no write of the run is left in
 * flight). The result's cursor is the position after the last page processed, so the next run resumes exactly
 * there. An empty page (DynamoDB may end a scope with one) is neither processed nor reported. Logs a progress line
 * at INFO every ten seconds of a long run.
 */
final class MassRunner {

    private static final Logger LOG = LoggerFactory.getLogger(MassRunner.class);
    private static final Duration LOG_EVERY = Duration.ofSeconds(10);
    /** Pages whose writes may be in flight at once: the one being submitted and the one finishing before it. */
    private static final int PAGES_IN_PROCESS = 2;

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
        Progress progress = new Progress(operation, options, System.nanoTime());
        MassTally tally = new MassTally();
        Deque<CompletableFuture<Void>> inProcess = new ArrayDeque<>();
        String cursor = options.cursor();
        try {
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
                inProcess.add(processor.process(wholeItems(scope, page.items()), tally));
                reportCompleted(inProcess, PAGES_IN_PROCESS, progress, tally);
            }
            reportCompleted(inProcess, 0, progress, tally);
        } catch (RuntimeException | Error e) {
            inProcess.forEach(page -> page.exceptionally(ignored -> null).join());
            throw e;
        }
        return tally.result(cursor);
    }

    /** Reports the pages done at the head of the queue, waiting for the oldest while more than {@code keep} wait. */
    private void reportCompleted(Deque<CompletableFuture<Void>> inProcess, int keep, Progress progress,
            MassTally tally) {
        while (!inProcess.isEmpty() && (inProcess.size() > keep || inProcess.peek().isDone())) {
            join(inProcess.poll());
            progress.report(tally);
        }
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

    private static <R> R join(CompletableFuture<R> work) {
        try {
            return work.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }

    /** Reports a run's progress to the listeners, and to the log every ten seconds. */
    private final class Progress {
        private final String operation;
        private final MassOptions options;
        private final long started;
        private long lastLog;

        Progress(String operation, MassOptions options, long started) {
            this.operation = operation;
            this.options = options;
            this.started = started;
            this.lastLog = started;
        }

        void report(MassTally tally) {
            MassProgress progress = tally.progress(adapter, operation, Duration.ofNanos(System.nanoTime() - started));
            listener.onProgress(progress);
            options.listener().onProgress(progress);
            if (System.nanoTime() - lastLog >= LOG_EVERY.toNanos()) {
                lastLog = System.nanoTime();
                LOG.info("Mass {} on {}: {} read, {} written, {} skipped, {} failed, {} items/s", operation, table,
                        progress.read(), progress.processed(), progress.skipped(), progress.failed(),
                        Math.round(progress.ratePerSecond()));
            }
        }
    }
}
