package io.dynamodbtoolkit.adapter;

import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.expression.Condition;
import io.dynamodbtoolkit.expression.ExpressionRequest;
import io.dynamodbtoolkit.expression.Update;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A single delete or move of a row that may have rows under it, under the parent guard: refused while rows are under
 * it, decided with the guard's own mark-then-check, so that a row inserted meanwhile cannot slip in. The row is marked
 * as being deleted (guarded inserts under it fail from then on); a strongly consistent Query of at most one row under
 * it follows (it sees every row inserted before the mark); then either the removal runs, conditioned on the row still
 * carrying the mark, or the mark is taken off again and the call refused with a {@link NodeHasChildrenException}.
 *
 * <p>A row at the deepest tier has nothing under it: its delete or move is not planned here and costs no extra call.
 * Above it, a removal costs one UpdateItem (the mark) and one Query (Limit 1, keys only) more. In a unit of work the
 * mark cannot be set before the commit, so the Query runs alone: the refusal then holds for the rows there when it
 * ran, not against an insert racing the commit. A call that fails in a way the plan cannot answer (a lost connection
 * between the mark and the delete) may leave the mark, as a stopped cascade does: inserts under the row are refused
 * until the delete is run again (it takes the mark over) or the row is rewritten.
 */
final class GuardedRemoval {

    private final AdapterContext context;
    private final ParentGuard guard;
    private final WritePlanner planner;

    GuardedRemoval(AdapterContext context, ParentGuard guard, WritePlanner planner) {
        this.context = context;
        this.guard = guard;
        this.planner = planner;
    }

    /** @return whether a delete or move of the row of this key is planned here: rows may be under it */
    boolean applies(Map<String, AttributeValue> key) {
        return guard.mayHaveChildren(key);
    }

    /**
     * @param key         the row's primary key
     * @param operation   the operation, a delete or a move
     * @param condition   the caller's conditions on the row (existence, version, its own), or null for none
     * @param expectation what the caller assumed about the row, to explain a condition that did not hold
     * @param absent      the step when no row has the key
     * @param removal     the removal, given the condition it must carry besides the caller's (the mark still there;
     *                    null in a unit of work)
     * @return the plan: the removal, or a refusal when rows are under the row
     */
    WriteStep plan(Map<String, AttributeValue> key, Operation operation, @Nullable Condition condition,
            WriteExpectation expectation, Supplier<WriteStep> absent, Function<Condition, WriteStep> removal) {
        if (context.collecting()) {
            return new WriteStep.Query(guard.childQuery(key), children -> children.isEmpty() ? removal.apply(null)
                    : new WriteStep.Failed(refusal(key, children.get(0), operation)));
        }
        String token = guard.newToken();
        UpdateItemRequest mark = ExpressionRequest.create()
                .update(Update.empty().set(guard.requireMarkField(), AttributeValue.fromS(token)))
                .condition(WritePlanner.allOf(planner.exists(), guard.notMarked(), condition))
                .applyTo(UpdateItemRequest.builder().tableName(context.table()).key(key)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        Removal run = new Removal(key, operation, absent, removal);
        return new WriteStep.Send(WriteStep.Request.of(mark), returned -> check(run, token, true),
                (current, failure) -> {
                    if (current == null || current.isEmpty()) {
                        return absent.get();
                    }
                    if (guard.isMarked(current)) {
                        // a cascade (or another delete) marked it first: go on under its mark, which is not ours to
                        // take off; the caller's conditions are checked by the removal
                        return check(run, Objects.requireNonNull(current.get(guard.markField()),
                                "a marked row has its mark").s(),
                                false);
                    }
                    return planner.explain(key, expectation, current, failure);
                });
    }

    /** @return the plan after the mark: the Query of a row under it, then the removal or the refusal */
    private WriteStep check(Removal run, String token, boolean ours) {
        return new WriteStep.Query(guard.childQuery(run.key()), children -> {
            if (!children.isEmpty()) {
                WriteStep refused = new WriteStep.Failed(refusal(run.key(), children.get(0), run.operation()));
                return ours ? guard.unmarkPlan(run.key(), token, refused) : refused;
            }
            return onFailure(run.removal().apply(guard.markIs(token)), failure -> afterFailure(run, token, ours,
                    failure));
        });
    }

    /**
     * @return the step after the removal failed: the row's mark taken off again when ours and still there (the
     *         caller's condition failed) and the failure as explained, the absent step when the row is gone, or a
     *         failure naming the rewrite that replaced the mark
     */
    private WriteStep afterFailure(Removal run, String token, boolean ours, RuntimeException failure) {
        return new WriteStep.Read(planner.currentRequest(run.key()), current -> {
            if (current == null) {
                return run.absent().get();
            }
            AttributeValue mark = current.get(guard.markField());
            if (mark != null && token.equals(mark.s())) {
                WriteStep failed = new WriteStep.Failed(failure);
                return ours ? guard.unmarkPlan(run.key(), token, failed) : failed;
            }
            return new WriteStep.Failed(new ConditionFailedException("The row " + AttributeValues.showKey(run.key())
                    + " in table " + context.table() + " was rewritten while its " + run.operation().verb
                    + " was under way, which replaced the mark that keeps rows from being inserted under it: "
                    + "nothing was " + run.operation().participle + "; try again", run.key(),
                    context.preparer().revive(current), failure));
        });
    }

    private NodeHasChildrenException refusal(Map<String, AttributeValue> key, Map<String, AttributeValue> child,
            Operation operation) {
        Map<String, AttributeValue> childKey = context.keys().codec().storedPrimaryKeyFromItem(child);
        String cascade = operation.cascade;
        return new NodeHasChildrenException("Cannot " + operation.verb + " " + AttributeValues.showKey(key)
                + " alone in table " + context.table() + ": rows are under it (" + AttributeValues.showKey(childKey)
                + " is one), and they would be left without their parent. Call " + cascade + " to "
                + operation.verb + " it with everything under it" + (context.cascades() ? ""
                        : " (declare cascades on adapter '" + context.name() + "' first)")
                + ", or " + operation.verb + " the rows under it first. The parent guard makes this check "
                + "(dynamodb.toolkit.adapters." + context.name() + ".parent-guard)", key, childKey, cascade,
                context.name());
    }

    /** @return the plan with every failure it ends in handed to {@code handler} for the step it leads to instead */
    private static @Nullable WriteStep onFailure(WriteStep step, Function<RuntimeException, WriteStep> handler) {
        if (step instanceof WriteStep.Failed failed) {
            return handler.apply(failed.failure());
        }
        if (step instanceof WriteStep.Read read) {
            return new WriteStep.Read(read.request(), item -> onFailure(read.then().apply(item), handler));
        }
        if (step instanceof WriteStep.Query query) {
            return new WriteStep.Query(query.request(), items -> onFailure(query.then().apply(items), handler));
        }
        if (step instanceof WriteStep.Send send) {
            return new WriteStep.Send(send.request(), send.then(),
                    (item, failure) -> onFailure(send.onCheckFailed().apply(item, failure), handler));
        }
        if (step instanceof WriteStep.Transact transact) {
            return new WriteStep.Transact(transact.actions(), transact.then(), (index, failure, cancelled) -> {
                WriteStep explained = transact.explainer().explain(index, failure, cancelled);
                return explained == null ? null : onFailure(explained, handler);
            });
        }
        return step;
    }

    /** The single removals the guard checks, with the cascade that does each with the rows under the row. */
    enum Operation {
        /** A single delete ({@code delete}, {@code deleteById}). */
        DELETE("delete", "deleted", "deleteAllUnder"),
        /** A single move (or an edit that changes the key). */
        MOVE("move", "moved", "moveAllUnder");

        private final String verb;
        private final String participle;
        private final String cascade;

        Operation(String verb, String participle, String cascade) {
            this.verb = verb;
            this.participle = participle;
            this.cascade = cascade;
        }
    }

    /** What one removal's steps share. */
    private record Removal(Map<String, AttributeValue> key, Operation operation, Supplier<WriteStep> absent,
            Function<Condition, WriteStep> removal) {
    }
}
