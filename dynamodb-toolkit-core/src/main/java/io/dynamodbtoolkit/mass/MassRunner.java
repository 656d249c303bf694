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
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The loop of one run of a mass operation: first processes again the items that failed in earlier runs (their keys
 * travel in the cursor), then reads the scope page by page (the next page is read while the current one is
 * written), hands each page to the operation's processor, and stops at the end of the scope, after
 * {@code maxItems} items, or early (see {@link MassResult}). A page's writes may still be in flight while the next
 * page's start, so the calls in flight do not drain at each page's end; progress is reported as each page
 * completes, in page order, and the run returns only when every page it read is done (also when it fails: then no
 * write of the run is left in flight). The result's cursor is the position after the last page processed plus the
 * keys of the run's failed items, so the next run resumes exactly there. An empty page (DynamoDB may end a scope
 * with one) is neither processed nor reported. Logs a progress line at INFO every ten seconds of a long run.
 */
final class MassRunner {

    /** A run stops once this many items failed, to keep its cursor (which carries their keys) small. */
    static final int MAX_CARRIED_FAILURES = 100;

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
     * What one run does.
     *
     * @param operation  the operation's name, for progress and the cursor's binding
     * @param scope      the items covered
     * @param descending whether to walk the scope backwards (leaves first in a hierarchy)
     * @param consistent whether to read pages strongly consistently (cascades: every row written before they
     *                   began is seen)
     * @param processor  what to do with each page
     * @param preflight  checks the first page before anything is written; throws to refuse the whole run
     */
    record Work(String operation, MassScope scope, boolean descending, boolean consistent, PageProcessor processor,
            Preflight preflight) {

        Work {
            Objects.requireNonNull(preflight, "preflight");
        }

        static Work of(String operation, MassScope scope, PageProcessor processor) {
            return new Work(operation, scope, false, false, processor, Preflight.NONE);
        }

        Work inDescendingOrder() {
            return new Work(operation, scope, true, consistent, processor, preflight);
        }

        Work readingConsistently() {
            return new Work(operation, scope, descending, true, processor, preflight);
        }

        Work checkedBy(Preflight check) {
            return new Work(operation, scope, descending, consistent, processor, check);
        }
    }

    /** Checks the first page of a run before anything is written. */
    @FunctionalInterface
    interface Preflight {
        /** Checks nothing. */
        Preflight NONE = items -> { };

        /**
         * @param items the first page's items as stored
         * @throws RuntimeException to refuse the run before it writes
         */
        void check(List<Map<String, AttributeValue>> items);
    }

    MassResult run(Work work, MassOptions options) {
        return run(work, options, new MassTally(), progress(work.operation(), options));
    }

    /**
     * @param work     what the run does
     * @param options  the run's options
     * @param tally    where outcomes go (a fresh one, or one that earlier passes of the same run filled)
     * @param progress where progress goes (shared by the passes of one run)
     */
    MassResult run(Work work, MassOptions options, MassTally tally, Progress progress) {
        String binding = binding(work);
        MassCursor resume = MassCursor.decode(options.cursor(), binding, stored.options().cursors());
        retryFailed(resume.failedKeys(), work, tally, progress);
        MassFailure stopper = tally.stopper();
        Throwable stoppedBy = stopper == null ? null : stopper.cause();
        String cursor = resume.listCursor();
        MassCursor.Stage stage = resume.stage();
        if (stage != MassCursor.Stage.DONE && stoppedBy == null) {
            Deque<CompletableFuture<Void>> inProcess = new ArrayDeque<>();
            try {
                CompletableFuture<StoredItems.Page> next = read(work, options, cursor, tally.readCount());
                CompletableFuture<Void> previous = CompletableFuture.completedFuture(null);
                boolean first = true;
                while (next != null) {
                    StoredItems.Page page;
                    List<Map<String, AttributeValue>> items;
                    try {
                        page = join(next);
                        items = page.items().isEmpty() ? List.of() : wholeItems(work.scope(), page.items());
                    } catch (SdkException | BatchRetriesExhaustedException e) {
                        LOG.warn("Mass {} on {} stopped: a page could not be read ({}); resume with the cursor",
                                work.operation(), table, e.toString());
                        stoppedBy = e;
                        break;
                    }
                    tally.read(page.items().size());
                    if (first) {
                        work.preflight().check(items);
                        first = false;
                    }
                    boolean more = page.nextCursor() != null && (options.maxItems() == 0
                            || tally.readCount() < options.maxItems());
                    next = more ? read(work, options, page.nextCursor(), tally.readCount()) : null;
                    cursor = page.nextCursor();
                    stage = cursor == null ? MassCursor.Stage.DONE : MassCursor.Stage.READING;
                    if (!items.isEmpty()) {
                        previous = work.processor().process(items, tally, previous);
                        inProcess.add(previous);
                    }
                    reportCompleted(inProcess, PAGES_IN_PROCESS, progress, tally);
                    stopper = tally.stopper();
                    if (stopper != null || tally.failedCount() >= MAX_CARRIED_FAILURES) {
                        break;
                    }
                }
                reportCompleted(inProcess, 0, progress, tally);
            } catch (RuntimeException | Error e) {
                inProcess.forEach(page -> page.exceptionally(ignored -> null).join());
                throw e;
            }
            stopper = tally.stopper();
            stoppedBy = stopper != null ? stopper.cause() : stoppedBy;
        }
        MassCursor after = new MassCursor(cursor, stage, tally.failedKeys());
        return tally.result(after.encode(binding, stored.options().cursors()), stoppedBy);
    }

    /** @return a cursor that makes the next run of the work read its whole scope again */
    String restartCursor(Work work) {
        return MassCursor.START.encode(binding(work), stored.options().cursors());
    }

    /** @return the progress reporting of a run, started now */
    Progress progress(String operation, MassOptions options) {
        return new Progress(operation, options);
    }

    /** Processes again the items earlier runs failed on, as they are now (those gone since are skipped). */
    private void retryFailed(List<Map<String, AttributeValue>> keys, Work work, MassTally tally, Progress progress) {
        if (keys.isEmpty()) {
            return;
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>(keys.size());
        try {
            stored.readAllConsistently(keys).stream().filter(Objects::nonNull).forEach(items::add);
        } catch (SdkException | BatchRetriesExhaustedException e) {
            keys.forEach(key -> tally.failed(key, "not read again: " + e.getMessage(), e));
            return;
        }
        tally.read(keys.size());
        tally.skipped(keys.size() - items.size());
        if (!items.isEmpty()) {
            join(work.processor().process(items, tally, CompletableFuture.completedFuture(null)));
        }
        progress.report(tally);
    }

    /** Reports the pages done at the head of the queue, waiting for the oldest while more than {@code keep} wait. */
    private void reportCompleted(Deque<CompletableFuture<Void>> inProcess, int keep, Progress progress,
            MassTally tally) {
        while (!inProcess.isEmpty() && (inProcess.size() > keep || inProcess.peek().isDone())) {
            join(inProcess.poll());
            progress.report(tally);
        }
    }

    private String binding(Work work) {
        MassScope scope = work.scope();
        return work.operation() + "|" + table + "|" + (!scope.isWholeTable()
                ? scope.plan().indexName() + "|" + scope.plan().segments()
                : scope.scanSegments() == 1 ? "*" : "*/" + scope.scanSegments());
    }

    private CompletableFuture<StoredItems.Page> read(Work work, MassOptions options, String cursor,
            long readSoFar) {
        int limit = options.maxItems() == 0 ? options.pageSize()
                : (int) Math.min(options.pageSize(), options.maxItems() - readSoFar);
        ListOptions list = ListOptions.defaults().withLimit(limit).withCursor(cursor).withFilter(options.filter());
        ListOptions ordered = work.descending() ? list.inDescendingOrder() : list;
        ListOptions read = work.consistent() ? ordered.consistently() : ordered;
        MassScope scope = work.scope();
        return CompletableFuture.supplyAsync(() -> scope.isWholeTable() ? stored.scanPage(read, scope.scanSegments())
                : stored.page(scope.plan(), read), stored.options().executor());
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
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Reports progress to the listeners after each page, and to the log every ten seconds. */
    final class Progress {

        private final String operation;
        private final MassOptions options;
        private final long started = System.nanoTime();
        private long lastLog = started;

        Progress(String operation, MassOptions options) {
            this.operation = operation;
            this.options = options;
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
