package io.dynamodbtoolkit.cursor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a cursor remembers: one position per underlying stream (one for a plain Query, one per shard or bucket
 * for a fan-out), a phase number (e.g. whether the node row of a self-and-descendants read is still to come),
 * and counters (e.g. items already processed by a mass operation).
 *
 * @param phase     a small number the reader interprets
 * @param positions one per stream: {@link Position#start()}, {@link Position#done()} or {@link Position#after}
 * @param counters  numbers the reader carries across pages
 */
public record CursorState(int phase, List<Position> positions, List<Long> counters) {

    public CursorState {
        positions = Collections.unmodifiableList(new ArrayList<>(positions));
        counters = List.copyOf(counters);
    }

    /** @return a state with one stream at a position and no counters */
    public static CursorState of(int phase, Position position) {
        return new CursorState(phase, List.of(position), List.of());
    }

    /** @return the single stream's position */
    public Position position() {
        if (positions.size() != 1) {
            throw new InvalidCursorException("The cursor holds " + positions.size()
                    + " positions where one was expected");
        }
        return positions.get(0);
    }

    /**
     * Where a stream stands.
     *
     * @param kind whether it has not started, is exhausted, or resumes after a key
     * @param key  the exclusive start key when {@code kind} is {@link Kind#AFTER}, else null
     */
    public record Position(Kind kind, @Nullable Map<String, AttributeValue> key) {

        /** @return a stream not started */
        public static Position start() {
            return new Position(Kind.START, null);
        }

        /** @return an exhausted stream */
        public static Position done() {
            return new Position(Kind.DONE, null);
        }

        /** @return a stream that resumes after {@code key} (DynamoDB's ExclusiveStartKey) */
        public static Position after(Map<String, AttributeValue> key) {
            return new Position(Kind.AFTER, Map.copyOf(key));
        }

        /** @return the key to pass as ExclusiveStartKey, or null to start from the beginning */
        public @Nullable Map<String, AttributeValue> exclusiveStartKey() {
            return key;
        }

        /** The states of a stream. */
        public enum Kind {
            /** Not started. */
            START,
            /** Exhausted. */
            DONE,
            /** Resumes after a key. */
            AFTER
        }
    }
}
