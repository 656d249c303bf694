package io.dynamodbtoolkit.mass;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItemCalls;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import org.jspecify.annotations.Nullable;
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
 *
 * <p>The loop is a pipeline of futures over the stored items' calls, the same on both clients: each step goes on when
 * the call it waited for completes, in the thread its {@code continuations} executor gives (the caller's thread for a
 * blocking run, see {@link CallerLoop}; the completing thread on the asynchronous client, where nothing waits). The
 * next page is read only while fewer than {@value #PAGES_IN_PROCESS} pages are in process and the run's
 * {@link MassPacing} lets it; a pacing that stops the run ends it as {@code maxItems} would.
 */
final class MassRunner {

    /** A run stops once this many items failed, to keep its cursor (which carries their keys) small. */
    static final int MAX_CARRIED_FAILURES = 100;

    private static final Logger LOG = LoggerFactory.getLogger(MassRunner.class);
    private static final Duration LOG_EVERY = Duration.ofSeconds(10);
    /** Pages whose writes may be in flight at once: the one being submitted and the one finishing before it. */
    private static final int PAGES_IN_PROCESS = 2;

    private final StoredItemCalls<?> calls;
    private final StoredItems<?> stored;
    private final String adapter;
    private final String table;
    private final MassProgressListener listener;
    private final MassPacing pacing;
    private final Executor continuations;

    /**
     * @param calls    the adapter's stored items and their calls, on either client
     * @param adapter  the adapter's name, for progress
     * @param table    the table, for the log
     * @param listener hears the progress of every run, besides each run's own listener
     * @param pacing   lets each run read its next page, or stops it
     * @param continuations where the page loop goes on when a call it waited for completes (for a blocking run, the
     *                 thread that waits for it: {@link CallerLoop})
     */
    MassRunner(StoredItemCalls<?> calls, String adapter, String table, MassProgressListener listener,
            MassPacing pacing, Executor continuations) {
        this.pacing = pacing;
        this.continuations = continuations;
        this.calls = calls;
        this.stored = calls.stored();
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
     * @param fields     the attributes the processor needs of each item besides its keys (which every read
     *                   returns), or empty for whole items
     * @param processor  what to do with each page
     * @param preflight  checks the first page before anything is written; throws to refuse the whole run
     * @param target     what the run writes to, for the cursor's binding (a copy's or move's target prefixes, the
     *                   attributes a rewrite removes), or empty
     */
    record Work(String operation, MassScope scope, boolean descending, boolean consistent, List<String> fields,
            PageProcessor processor, Preflight preflight, String target) {

        Work {
            fields = List.copyOf(fields);
            Objects.requireNonNull(preflight, "preflight");
            Objects.requireNonNull(target, "target");
        }

        static Work of(String operation, MassScope scope, PageProcessor processor) {
            return new Work(operation, scope, false, false, List.of(), processor, Preflight.NONE, "");
        }

        Work inDescendingOrder() {
            return new Work(operation, scope, true, consistent, fields, processor, preflight, target);
        }

        Work readingConsistently() {
            return new Work(operation, scope, descending, true, fields, processor, preflight, target);
        }

        /**
         * @param keyNames the table's key attributes
         * @return this work reading only the keys of each item (what a delete needs: less to send and to parse)
         */
        Work readingKeysOnly(List<String> keyNames) {
            return new Work(operation, scope, descending, consistent, keyNames, processor, preflight, target);
        }

        Work checkedBy(Preflight check) {
            return new Work(operation, scope, descending, consistent, fields, processor, check, target);
        }

        /** @return this work, its cursors bound to a target too (see {@link MassBinding}) */
        Work towards(String written) {
            return new Work(operation, scope, descending, consistent, fields, processor, preflight, written);
        }
    }

    /** Checks the first page of a run before anything is written. */
    @FunctionalInterface
    interface Preflight {
        /** Checks nothing. */
        Preflight NONE = items -> MassFutures.DONE;

        /**
         * @param items the first page's items as stored
         * @return completes when the check passed; fails (or throws) to refuse the run before it writes
         */
        CompletableFuture<Void> check(List<Map<String, AttributeValue>> items);
    }

    CompletableFuture<MassResult> run(Work work, MassOptions options) {
        return run(work, options, new MassTally(), progress(work.operation(), options));
    }

    /**
     * @param work     what the run does
     * @param options  the run's options
     * @param tally    where outcomes go (a fresh one, or one that earlier passes of the same run filled)
     * @param progress where progress goes (shared by the passes of one run)
     * @return the run's result, once every page it read is done; fails with what the run throws (a preflight's
     *         refusal, a bad cursor, a failure of the page work), then too only once no write of it is in flight
     */
    CompletableFuture<MassResult> run(Work work, MassOptions options, MassTally tally, Progress progress) {
        return MassFutures.planned(() -> {
            String binding = binding(work, options);
            MassCursor resume = MassCursor.decode(options.cursor(), binding, stored.options().cursors());
            List<Map<String, AttributeValue>> failed = resume.failedKeys();
            int retried = (int) Math.min(failed.size(), budget(options, tally));
            List<Map<String, AttributeValue>> carried = failed.subList(retried, failed.size());
            return retryFailed(failed.subList(0, retried), work, tally, progress).thenCompose(
                    done -> new PageLoop(work, options, tally, progress, binding, resume, carried).start());
        });
    }

    /**
     * Refuses a cursor that was not minted for this work and these options (another operation, adapter, scope,
     * filter or target), or is no mass operation's cursor at all; call it before anything of the run is read or
     * written where the run is preceded by calls of its own (a parent guard's mark).
     *
     * @throws io.dynamodbtoolkit.cursor.InvalidCursorException naming why the cursor cannot resume the work
     */
    void requireResumable(Work work, MassOptions options) {
        MassCursor.decode(options.cursor(), binding(work, options), stored.options().cursors());
    }

    /** @return a cursor that makes the next run of the work read its whole scope again */
    @Nullable String restartCursor(Work work, MassOptions options) {
        return MassCursor.START.encode(binding(work, options), stored.options().cursors());
    }

    /** @return how many more items the run may read: {@code maxItems} less what it read so far (no bound: all) */
    private static long budget(MassOptions options, MassTally tally) {
        return options.maxItems() == 0 ? Long.MAX_VALUE : Math.max(0, options.maxItems() - tally.readCount());
    }

    /** @return the progress reporting of a run, started now */
    Progress progress(String operation, MassOptions options) {
        return new Progress(operation, options);
    }

    /** Processes again the items earlier runs failed on, as they are now (those gone since are skipped). */
    private CompletableFuture<Void> retryFailed(List<Map<String, AttributeValue>> keys, Work work, MassTally tally,
            Progress progress) {
        if (keys.isEmpty()) {
            return MassFutures.DONE;
        }
        return calls.readAllConsistently(keys).handleAsync((found, error) -> {
            Throwable cause = MassFutures.unwrap(error);
            if (cause instanceof SdkException || cause instanceof BatchRetriesExhaustedException) {
                keys.forEach(key -> tally.failed(key, "not read again: " + cause.getMessage(), cause));
                return MassFutures.DONE;
            }
            MassFutures.rethrow(cause);
            List<Map<String, AttributeValue>> items = found.stream().filter(Objects::nonNull).toList();
            tally.read(keys.size());
            tally.skipped(keys.size() - items.size());
            CompletableFuture<Void> processed = items.isEmpty() ? MassFutures.DONE
                    : work.processor().process(items, tally, MassFutures.DONE);
            return processed.thenRunAsync(() -> progress.report(tally), continuations);
        }, continuations).thenCompose(Function.identity());
    }

    /**
     * The page loop of one run: a page is read, checked (the first), then handed to the processor while the next
     * page is read; the next read is asked of the run's pacing, and waits while more than {@value
     * #PAGES_IN_PROCESS} pages are in process. Each step goes on where the step before it completed; nothing waits.
     */
    private final class PageLoop {

        private final Work work;
        private final MassOptions options;
        private final MassTally tally;
        private final Progress progress;
        private final String binding;
        private final List<Map<String, AttributeValue>> carried;
        private final Deque<CompletableFuture<Void>> inProcess = new ArrayDeque<>();
        private final CompletableFuture<MassResult> result = new CompletableFuture<>();
        private CompletableFuture<Void> previous = MassFutures.DONE;
        private @Nullable String cursor;
        private MassCursor.Stage stage;
        private @Nullable Throwable stoppedBy;
        private boolean first = true;

        /**
         * @param resume  where the run resumes
         * @param carried the failed keys of earlier runs that this run leaves to the next (beyond its
         *                {@code maxItems}), for its cursor
         */
        PageLoop(Work work, MassOptions options, MassTally tally, Progress progress, String binding,
                MassCursor resume, List<Map<String, AttributeValue>> carried) {
            this.work = work;
            this.options = options;
            this.tally = tally;
            this.progress = progress;
            this.binding = binding;
            this.carried = List.copyOf(carried);
            this.cursor = resume.listCursor();
            this.stage = resume.stage();
        }

        CompletableFuture<MassResult> start() {
            MassFailure stopper = tally.stopper();
            stoppedBy = stopper == null ? null : stopper.cause();
            if (stage != MassCursor.Stage.DONE && stoppedBy == null && budget(options, tally) > 0) {
                receive(read(cursor));
            } else {
                finish();
            }
            return result;
        }

        /** Goes on with a page once it is read; a null page means the pacing stopped the run. */
        private void receive(CompletableFuture<StoredItems.Page> reading) {
            reading.thenCompose(page -> page == null ? CompletableFuture.completedFuture((Read) null)
                    : wholeItems(work.scope(), page.items()).thenApply(items -> new Read(page, items)))
                    .whenCompleteAsync((read, error) -> {
                        if (error != null) {
                            readFailed(MassFutures.unwrap(error));
                        } else if (read == null) {
                            drainThenFinish();
                        } else {
                            accept(read);
                        }
                    }, continuations);
        }

        private void readFailed(Throwable error) {
            if (error instanceof SdkException || error instanceof BatchRetriesExhaustedException) {
                LOG.warn("Mass {} on {} stopped: a page could not be read ({}); resume with the cursor",
                        work.operation(), table, error.toString());
                stoppedBy = error;
                drainThenFinish();
            } else {
                fail(error);
            }
        }

        private void accept(Read read) {
            tally.read(read.page().items().size());
            CompletableFuture<Void> checked = MassFutures.DONE;
            if (first) {
                first = false;
                checked = MassFutures.planned(() -> work.preflight().check(read.items()));
            }
            checked.whenCompleteAsync((ok, refused) -> {
                if (refused != null) {
                    fail(MassFutures.unwrap(refused));
                    return;
                }
                try {
                    process(read);
                } catch (RuntimeException | Error e) {
                    fail(e);
                }
            }, continuations);
        }

        private void process(Read read) {
            StoredItems.Page page = read.page();
            boolean more = page.nextCursor() != null && (options.maxItems() == 0
                    || tally.readCount() < options.maxItems());
            CompletableFuture<StoredItems.Page> next = more ? next(page.nextCursor()) : null;
            cursor = page.nextCursor();
            stage = cursor == null ? MassCursor.Stage.DONE : MassCursor.Stage.READING;
            if (!read.items().isEmpty()) {
                previous = work.processor().process(read.items(), tally, previous);
                inProcess.add(previous);
            }
            reportCompleted(PAGES_IN_PROCESS).whenCompleteAsync((reported, error) -> {
                if (error != null) {
                    fail(MassFutures.unwrap(error));
                    return;
                }
                MassFailure stopper = tally.stopper();
                if (next == null || stopper != null || tally.failedCount() >= MAX_CARRIED_FAILURES) {
                    drainThenFinish();
                } else {
                    receive(next);
                }
            }, continuations);
        }

        /** @return the next page, read once the pacing lets it; null (in the future) when the pacing stops */
        private CompletableFuture<StoredItems.Page> next(@Nullable String after) {
            long readSoFar = tally.readCount();
            return pacing.beforeNextPage().toCompletableFuture().thenCompose(go -> Boolean.TRUE.equals(go)
                    ? read(after, readSoFar) : CompletableFuture.completedFuture(null));
        }

        private CompletableFuture<StoredItems.Page> read(@Nullable String after) {
            return read(after, tally.readCount());
        }

        private CompletableFuture<StoredItems.Page> read(@Nullable String after, long readSoFar) {
            int limit = options.maxItems() == 0 ? options.pageSize()
                    : (int) Math.min(options.pageSize(), options.maxItems() - readSoFar);
            ListOptions list = ListOptions.defaults().withLimit(limit).withCursor(after)
                    .withFilter(options.filter()).withFields(work.fields().toArray(String[]::new));
            ListOptions ordered = work.descending() ? list.inDescendingOrder() : list;
            ListOptions read = work.consistent() ? ordered.consistently() : ordered;
            MassScope scope = work.scope();
            return MassFutures.planned(() -> scope.isWholeTable() ? calls.scanPage(read, scope.scanSegments())
                    : calls.page(scope.requirePlan(), read));
        }

        /**
         * @return completes once the pages done at the head of the queue are reported, and while more than
         *         {@code keep} wait, the oldest is done and reported; fails with a page's failure
         */
        private CompletableFuture<Void> reportCompleted(int keep) {
            while (!inProcess.isEmpty() && inProcess.peek().isDone() && !inProcess.peek()
                    .isCompletedExceptionally()) {
                inProcess.poll();
                progress.report(tally);
            }
            if (inProcess.isEmpty() || inProcess.size() <= keep && !inProcess.peek().isDone()) {
                return MassFutures.DONE;
            }
            return inProcess.peek().thenComposeAsync(done -> reportCompleted(keep), continuations);
        }

        private void drainThenFinish() {
            reportCompleted(0).whenCompleteAsync((reported, error) -> {
                if (error != null) {
                    fail(MassFutures.unwrap(error));
                } else {
                    finish();
                }
            }, continuations);
        }

        private void finish() {
            try {
                MassFailure stopper = tally.stopper();
                Throwable stopped = stopper != null ? stopper.cause() : stoppedBy;
                List<Map<String, AttributeValue>> failed = new ArrayList<>(carried);
                failed.addAll(tally.failedKeys());
                MassCursor after = new MassCursor(cursor, stage, failed.stream().distinct().toList());
                result.complete(tally.result(after.encode(binding, stored.options().cursors()), stopped));
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        }

        /** Fails the run once no page of it is in process any more: no write of it is left in flight. */
        private void fail(Throwable failure) {
            CompletableFuture<?>[] pages = inProcess.toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(pages).whenCompleteAsync((ignored, error) -> result.completeExceptionally(failure),
                    continuations);
        }
    }

    /** A page as read, and its items whole. */
    private record Read(StoredItems.Page page, List<Map<String, AttributeValue>> items) {
    }

    private String binding(Work work, MassOptions options) {
        return MassBinding.of(adapter, table, stored.keys(), work, options);
    }

    /** Index entries may carry only keys: read the whole items from the table (dropping any gone since). */
    private CompletableFuture<List<Map<String, AttributeValue>>> wholeItems(MassScope scope,
            List<Map<String, AttributeValue>> items) {
        if (scope.isWholeTable() || scope.requirePlan().indexName() == null || items.isEmpty()) {
            return CompletableFuture.completedFuture(items);
        }
        List<Map<String, AttributeValue>> keys = items.stream().map(stored::keyOf).toList();
        return calls.readAll(keys).thenApply(whole -> whole.stream().filter(Objects::nonNull).toList());
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
