package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one run of a mass operation did.
 *
 * <p>A run ends when its scope is read to the end, after {@code maxItems} items, or early: when an item fails in a
 * way that retrying cannot mend (the first such failure stops the run, since the next items would likely fail the
 * same way, e.g. a target key over DynamoDB's size limit; see {@link MassFailure#stopsRun()}), when a page cannot be
 * read, or when 100 items have failed.
 * The cursor resumes exactly where the run stopped and carries the keys of the items that failed, which the next run
 * processes first; so {@code while (!result.isComplete()) result = run(options.withCursor(result.cursor()))} ends
 * with every item processed once the cause of the failures is gone. Check {@link #stoppedBy()} to tell a run cut
 * short by a lasting failure from one bounded by {@code maxItems}.
 *
 * @param processed items written (created, edited, moved or deleted)
 * @param skipped   items left alone: unchanged by an edit, already present for an if-not-exists write, already
 *                  gone for an if-exists delete or for a retry
 * @param failed    items that could not be processed in this run, with the reason and the cause; the cursor
 *                  carries them
 * @param conflicts items changed by someone else since they were read (optimistic locking), or whose target
 *                  was taken by another item; not retried
 * @param cursor    where the next run resumes, or null when the operation is complete
 * @param stoppedBy what ended the run before its scope or {@code maxItems}: a failure that stops runs, or a page
 *                  read that failed; null when it ran its course (also when it stopped at 100 failed items)
 */
public record MassResult(long processed, long skipped, List<MassFailure> failed, List<MassConflict> conflicts,
        @Nullable String cursor, @Nullable Throwable stoppedBy) {

    public MassResult {
        failed = List.copyOf(failed);
        conflicts = List.copyOf(conflicts);
    }

    /**
     * @return whether the operation covered its whole scope and every item in it was processed (no cursor to
     *         resume); never true while items failed
     */
    public boolean isComplete() {
        return cursor == null;
    }

    /** @return the cursor to pass to the next run, if the operation is not complete */
    public Optional<String> next() {
        return Optional.ofNullable(cursor);
    }

    /** @return what ended the run early, if something did (see {@link #stoppedBy}) */
    public Optional<Throwable> stopped() {
        return Optional.ofNullable(stoppedBy);
    }
}
