package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Optional;

/**
 * What one run of a mass operation did.
 *
 * @param processed items written (created, edited, moved or deleted)
 * @param skipped   items left alone: unchanged by an edit, already present for an if-not-exists write, already
 *                  gone for an if-exists delete
 * @param failed    items that could not be processed, with the reason and the cause
 * @param conflicts items changed by someone else since they were read (optimistic locking), or whose target
 *                  was taken by another item
 * @param cursor    where the next run resumes, or null when the operation is complete
 */
public record MassResult(long processed, long skipped, List<MassFailure> failed, List<MassConflict> conflicts,
        String cursor) {

    public MassResult {
        failed = List.copyOf(failed);
        conflicts = List.copyOf(conflicts);
    }

    /** @return whether the operation covered its whole scope (no cursor to resume) */
    public boolean isComplete() {
        return cursor == null;
    }

    /** @return the cursor to pass to the next run, if the operation is not complete */
    public Optional<String> next() {
        return Optional.ofNullable(cursor);
    }
}
