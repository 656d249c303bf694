package io.dynamodbtoolkit.springbatch.item;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.KeySeek;
import io.dynamodbtoolkit.filter.Filter;

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
        this(adapter, segment, segments, Filter.empty());
    }

    /**
     * Reads only the items of the segment that match a filter (the list reads' grammar and allowlist, sent as a
     * FilterExpression: every item is still read and paid for); the filter is part of the reader's scope, so a
     * position saved under another filter is refused.
     *
     * @throws IllegalArgumentException when the segment does not exist
     * @throws io.dynamodbtoolkit.filter.InvalidFilterException when the filter names a field the adapter does not
     *                                                          allow
     */
    public ScanSegmentItemReader(Adapter<?> adapter, int segment, int segments, Filter filter) {
        this(adapter, adapter.stored().seekScan(null, segment, segments, true, filter));
    }

    private ScanSegmentItemReader(Adapter<?> adapter, KeySeek seek) {
        super(adapter.stored(), seek, seek.description(), KeySeek.Position.START, item -> false, false);
    }
}
