package io.dynamodbtoolkit.mass;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.dynamodbtoolkit.adapter.StoredItemCalls;
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

    private final StoredItemCalls<?> calls;
    private final MassRunner runner;

    GuardedSubtreeDelete(StoredItemCalls<?> calls, MassRunner runner) {
        this.calls = calls;
        this.runner = runner;
    }

    /**
     * @param node     the node's primary key
     * @param children the delete of the rows under the node
     * @param options  the run's options
     * @return the run's result
     */
    CompletableFuture<MassResult> run(Map<String, AttributeValue> node, MassRunner.Work children,
            MassOptions options) {
        runner.requireResumable(children, options);
        MassTally tally = new MassTally();
        MassRunner.Progress progress = runner.progress(children.operation(), options);
        return calls.markDeleting(node).thenCompose(mark -> {
            // a mark lost since the last run may have let rows in behind the cursor (checked above, so one of this
            // delete's): read the subtree again
            MassOptions pass = mark.fresh() ? options.withCursor(null) : options;
            return pass(1, mark, new Pass(node, children, options, tally, progress), pass);
        });
    }

    private CompletableFuture<MassResult> pass(int passes, StoredItems.DeletingMark mark, Pass run,
            MassOptions options) {
        return runner.run(run.children(), options, run.tally(), run.progress()).thenCompose(result -> {
            if (!result.isComplete() || !mark.nodeExists()) {
                return CompletableFuture.completedFuture(result);
            }
            if (options.maxItems() != 0 && run.tally().readCount() >= options.maxItems()) {
                // the rows under the node took the run's whole budget: the node is the next run's, after it reads
                // again that nothing is left under it
                return CompletableFuture.completedFuture(run.tally().result(
                        runner.restartCursor(run.children(), run.options()), null));
            }
            return calls.deleteMarked(run.node(), mark).handle((outcome, error) -> {
                if (error != null) {
                    Throwable failure = MassFutures.unwrap(error);
                    return CompletableFuture.completedFuture(run.tally().result(
                            runner.restartCursor(run.children(), run.options()), failure));
                }
                return afterNodeDelete(passes, outcome, result, run);
            }).thenCompose(next -> next);
        });
    }

    private CompletableFuture<MassResult> afterNodeDelete(int passes, StoredItems.NodeDelete outcome,
            MassResult result, Pass run) {
        if (outcome == StoredItems.NodeDelete.DELETED) {
            run.tally().read(1);
            run.tally().processed(1);
            run.progress().report(run.tally());
            return CompletableFuture.completedFuture(run.tally().result(null, null));
        }
        if (outcome == StoredItems.NodeDelete.GONE) {
            return CompletableFuture.completedFuture(result);
        }
        if (passes == MAX_PASSES) {
            return CompletableFuture.completedFuture(run.tally().result(
                    runner.restartCursor(run.children(), run.options()), new IllegalStateException("The node "
                            + run.node() + " was rewritten " + MAX_PASSES + " times while its subtree was being "
                            + "deleted, losing its deleting mark each time; it is left in place. Run the delete "
                            + "again.")));
        }
        return calls.markDeleting(run.node())
                .thenCompose(mark -> pass(passes + 1, mark, run, run.options().withCursor(null)));
    }

    /** What every pass of one cascade delete shares. */
    private record Pass(Map<String, AttributeValue> node, MassRunner.Work children, MassOptions options,
            MassTally tally, MassRunner.Progress progress) {
    }
}
