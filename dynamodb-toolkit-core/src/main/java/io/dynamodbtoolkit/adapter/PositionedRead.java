package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.CursorState.Position;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page of sources that each resume from their own position in the cursor (merged shards, parallel Scan
 * segments): decodes the positions, lets the reading move them, and encodes them into the next cursor.
 */
final class PositionedRead implements PageItems {

    private final PositionedItems reading;
    private final String fingerprint;
    private final CursorCodec cursors;

    /**
     * @param sources     the sources
     * @param options     the cursor, which must be one of this read's; an offset is refused
     * @param fingerprint what binds a cursor to its read
     * @param cursors     the cursor codec
     * @param what        the read, as a refusal names it
     * @param reading     the reading from the sources' positions
     */
    PositionedRead(List<PageSource> sources, ListOptions options, String fingerprint, CursorCodec cursors,
            String what, Function<List<Position>, PositionedItems> reading) {
        if (options.offset() > 0) {
            throw new IllegalArgumentException("Offset paging is not supported on " + what + "; page with cursors");
        }
        List<Position> positions = new ArrayList<>();
        if (options.cursor() == null) {
            sources.forEach(source -> positions.add(Position.start()));
        } else {
            positions.addAll(cursors.decode(options.cursor(), fingerprint).positions());
            if (positions.size() != sources.size()) {
                throw new InvalidCursorException("The cursor is malformed");
            }
        }
        this.fingerprint = fingerprint;
        this.cursors = cursors;
        this.reading = reading.apply(positions);
    }

    @Override
    public List<PageCall> pending() {
        return reading.pending();
    }

    @Override
    public void accept(List<PageSource.Page> pages) {
        reading.accept(pages);
    }

    @Override
    public List<Map<String, AttributeValue>> items() {
        return reading.items();
    }

    @Override
    public ReadStats stats() {
        return reading.stats();
    }

    @Override
    public @Nullable String nextCursor() {
        List<Position> positions = reading.positions();
        boolean done = positions.stream().allMatch(position -> position.kind() == Position.Kind.DONE);
        return done ? null : cursors.encode(new CursorState(0, positions, List.of()), fingerprint);
    }
}
