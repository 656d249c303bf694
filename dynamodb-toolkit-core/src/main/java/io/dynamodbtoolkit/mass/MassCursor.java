package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.CursorState.Position;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a mass operation resumes: the position in its scope (a list cursor) and the keys of the items that failed
 * in earlier runs, which the next run processes first. Without failed items the cursor is the list cursor itself;
 * with them it is {@code <signed part>.<list cursor>}, the signed part holding the keys and bound to the
 * operation, the scope and the list cursor, so it cannot be replayed on another scope.
 *
 * @param listCursor where the scope resumes, or null with {@code stage} {@link Stage#START} or {@link Stage#DONE}
 * @param stage      whether the scope's reading is yet to start, under way or done
 * @param failedKeys the primary keys of items to process again first
 */
record MassCursor(String listCursor, Stage stage, List<Map<String, AttributeValue>> failedKeys) {

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
     * @param binding what the cursor must belong to (operation, table, scope)
     */
    static MassCursor decode(String cursor, String binding, CursorCodec codec) {
        if (cursor == null) {
            return START;
        }
        int separator = cursor.indexOf(SEPARATOR);
        if (separator < 0) {
            return new MassCursor(cursor, Stage.READING, List.of());
        }
        String listCursor = cursor.substring(separator + 1);
        CursorState state = codec.decode(cursor.substring(0, separator), binding(binding, listCursor));
        if (state.phase() < 0 || state.phase() >= Stage.values().length) {
            throw new InvalidCursorException("The cursor is malformed");
        }
        Stage stage = Stage.values()[state.phase()];
        if ((stage == Stage.READING) == listCursor.isEmpty()
                || state.positions().stream().anyMatch(position -> position.kind() != Position.Kind.AFTER)) {
            throw new InvalidCursorException("The cursor is malformed");
        }
        return new MassCursor(stage == Stage.READING ? listCursor : null, stage,
                state.positions().stream().map(Position::exclusiveStartKey).toList());
    }

    /**
     * @return the cursor to hand back, or null when the operation is complete (the scope read, nothing failed)
     */
    String encode(String binding, CursorCodec codec) {
        if (failedKeys.isEmpty() && stage != Stage.START) {
            return listCursor;
        }
        String list = listCursor == null ? "" : listCursor;
        CursorState state = new CursorState(stage.ordinal(), failedKeys.stream().map(Position::after).toList(),
                List.of());
        return codec.encode(state, binding(binding, list)) + SEPARATOR + list;
    }

    private static String binding(String binding, String listCursor) {
        return "mass|" + binding + "|" + listCursor;
    }
}
