package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.CursorState.Position;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a mass operation resumes: the position in its scope (a list cursor) and the keys of the items that failed
 * in earlier runs, which the next run processes first. The cursor is {@code <sealed part>.<list cursor>}: the sealed
 * part (encrypted or signed by the adapter's {@link CursorCodec}) holds the stage and the failed keys, and is bound
 * to the run's {@link MassBinding} (operation, adapter, scope, filter, target) and to the list cursor after it. A
 * cursor of another binding, a list cursor, or anything else is refused with an {@link InvalidCursorException}
 * before the run reads or writes anything.
 *
 * @param listCursor where the scope resumes, or null with {@code stage} {@link Stage#START} or {@link Stage#DONE}
 * @param stage      whether the scope's reading is yet to start, under way or done
 * @param failedKeys the primary keys of items to process again first
 */
record MassCursor(@Nullable String listCursor, Stage stage, List<Map<String, AttributeValue>> failedKeys) {

    /** The cursor of a run with nothing done yet. */
    static final MassCursor START = new MassCursor(null, Stage.START, List.of());

    private static final char SEPARATOR = '.';

    MassCursor {
        failedKeys = List.copyOf(failedKeys);
    }

    /** How far the scope's reading has come. */
    enum Stage {
        /** Not started. */
        START,
        /** Under way: resumes at the list cursor. */
        READING,
        /** Every item of the scope has been read. */
        DONE
    }

    /**
     * @param cursor  a previous run's cursor, or null to start
     * @param binding what the cursor must belong to (see {@link MassBinding})
     * @throws InvalidCursorException when the cursor is no mass operation's cursor, was altered or made under
     *                                another key, or belongs to another operation, adapter, scope, filter or target
     */
    static MassCursor decode(@Nullable String cursor, String binding, CursorCodec codec) {
        if (cursor == null) {
            return START;
        }
        int separator = cursor.indexOf(SEPARATOR);
        if (separator < 0) {
            throw refused("it is not the cursor of a mass operation's run (a list's cursor, or no cursor at all)");
        }
        String listCursor = cursor.substring(separator + 1);
        CursorState state;
        try {
            state = codec.decode(cursor.substring(0, separator), binding(binding, listCursor));
        } catch (InvalidCursorException e) {
            throw refused(e.getMessage());
        }
        if (state.phase() < 0 || state.phase() >= Stage.values().length) {
            throw refused("it is malformed");
        }
        Stage stage = Stage.values()[state.phase()];
        if ((stage == Stage.READING) == listCursor.isEmpty()
                || state.positions().stream().anyMatch(position -> position.kind() != Position.Kind.AFTER)) {
            throw refused("it is malformed");
        }
        return new MassCursor(stage == Stage.READING ? listCursor : null, stage,
                state.positions().stream().map(Position::exclusiveStartKey).toList());
    }

    /**
     * @return the cursor to hand back, or null when the operation is complete (the scope read, nothing failed)
     */
    @Nullable String encode(String binding, CursorCodec codec) {
        if (failedKeys.isEmpty() && stage == Stage.DONE) {
            return null;
        }
        String list = listCursor == null ? "" : listCursor;
        CursorState state = new CursorState(stage.ordinal(), failedKeys.stream().map(Position::after).toList(),
                List.of());
        return codec.encode(state, binding(binding, list)) + SEPARATOR + list;
    }

    private static InvalidCursorException refused(@Nullable String why) {
        return new InvalidCursorException("The cursor cannot resume this mass operation: " + why + ". Pass the "
                + "cursor that the last run of the same operation returned (same adapter, subtree or index, scope, "
                + "filter and target), or none to start");
    }

    private static String binding(String binding, String listCursor) {
        return "mass|" + binding + "|" + listCursor;
    }
}
