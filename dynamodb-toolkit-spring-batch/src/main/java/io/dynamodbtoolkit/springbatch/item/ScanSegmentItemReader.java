package io.dynamodbtoolkit.springbatch.item;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;

/**
 * Reads one segment of a parallel Scan of the whole table (segment {@code i} of {@code n}), strongly consistent, in
 * no particular order: with one reader per segment ({@code ScanSegmentPartitioner}) the segments together read every
 * item once. Restartable: see {@link StoredItemReader}; the position is kept per segment, and a position saved for
 * another segment or another segment count is refused.
 */
public class ScanSegmentItemReader extends StoredItemReader {

    /**
     * @param segment  the segment, from 0 to {@code segments - 1}
     * @param segments how many segments the whole Scan is cut into
     * @throws IllegalArgumentException when the segment does not exist
     */
    public ScanSegmentItemReader(Adapter<?> adapter, int segment, int segments) {
        this(adapter, adapter.stored().seekScan(null, segment, segments, true));
    }

    private ScanSegmentItemReader(Adapter<?> adapter, KeySeek seek) {
        super(adapter.stored(), seek, seek.description(), KeySeek.Position.START, item -> false, false);
    }
}
