package io.dynamodbtoolkit.mass;

import java.util.List;

/**
 * What one mass operation did to one given list of stored items ({@link MassWrites}): the same outcomes a run's
 * {@link MassResult} counts, without a cursor, since the caller read the items and knows where it stands.
 *
 * @param processed items written (created, edited, moved or deleted)
 * @param skipped   items left alone: unchanged by an edit, already present for an if-not-exists copy, already gone
 *                  for an if-exists delete, a copy that would keep its key
 * @param failed    items that could not be processed, with the reason and the cause (processing them again later
 *                  may succeed when {@link MassFailure#retryable()})
 * @param conflicts items changed by someone else since they were read, or whose target was taken by another item;
 *                  left alone, not to be retried
 */
public record MassPageResult(long processed, long skipped, List<MassFailure> failed, List<MassConflict> conflicts) {

    public MassPageResult {
        failed = List.copyOf(failed);
        conflicts = List.copyOf(conflicts);
    }

    /** @return whether no item failed (conflicts and skips are outcomes, not failures) */
    public boolean succeeded() {
        return failed.isEmpty();
    }
}
