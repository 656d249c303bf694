package io.dynamodbtoolkit.mass;

import java.util.Map;

import io.dynamodbtoolkit.adapter.StoredItems;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A cascade delete under a parent guard: marks the node as being deleted, deletes every row under it (read strongly
 * consistently, leaves first), then deletes the node only if it still carries the mark. Guarded inserts under the
 * node fail once it is marked, and every row inserted before the mark is seen by the reads that follow it, so when
 * the node goes, nothing is left under it. If the node was rewritten meanwhile (a put replaces its mark away), the
 * node is marked again and the subtree read again, at most {@value #MAX_PASSES} times.
 */
final class GuardedSubtreeDelete {

    static final int MAX_PASSES = 3;

    private final StoredItems<?> stored;
    private final MassRunner runner;

    GuardedSubtreeDelete(StoredItems<?> stored, MassRunner runner) {
        this.stored = stored;
        this.runner = runner;
    }

    /**
     * @param node     the node's primary key
     * @param children the delete of the rows under the node
     * @param options  the run's options
     */
    MassResult run(Map<String, AttributeValue> node, MassRunner.Work children, MassOptions options) {
        MassTally tally = new MassTally();
        MassRunner.Progress progress = runner.progress(children.operation(), options);
        StoredItems.DeletingMark mark = stored.markDeleting(node);
        // a mark lost since the last run may have let rows in behind the cursor: read the subtree again
        MassOptions pass = mark.fresh() ? options.withCursor(null) : options;
        for (int passes = 1; ; passes++) {
            MassResult result = runner.run(children, pass, tally, progress);
            if (!result.isComplete() || !mark.nodeExists()) {
                return result;
            }
            StoredItems.NodeDelete outcome;
            try {
                outcome = stored.deleteMarked(node, mark);
            } catch (RuntimeException e) {
                return tally.result(runner.restartCursor(children), e);
            }
            if (outcome == StoredItems.NodeDelete.DELETED) {
                tally.read(1);
                tally.processed(1);
                progress.report(tally);
                return tally.result(null, null);
            }
            if (outcome == StoredItems.NodeDelete.GONE) {
                return result;
            }
            if (passes == MAX_PASSES) {
                return tally.result(runner.restartCursor(children), new IllegalStateException("The node " + node
                        + " was rewritten " + MAX_PASSES + " times while its subtree was being deleted, losing its "
                        + "deleting mark each time; it is left in place. Run the delete again."));
            }
            mark = stored.markDeleting(node);
            pass = options.withCursor(null);
        }
    }
}
