package io.dynamodbtoolkit.adapter;

import java.util.List;

/**
 * The reading of one page of items as a conversation with DynamoDB, with no client in it: it says which page calls
 * to send next and takes their pages, until it asks for nothing more. The same reading runs on the blocking client
 * ({@link BlockingCalls}) and on the asynchronous one ({@link AsyncCalls}): one planner, two executors.
 */
interface PageReading {

    /**
     * @return the calls to send now, all in flight at once; empty when the reading is complete. Asking again
     *         before {@link #accept} returns the same calls.
     */
    List<PageCall> pending();

    /**
     * Takes the pages of the calls {@link #pending()} returned.
     *
     * @param pages one page per call, in the calls' order
     */
    void accept(List<PageSource.Page> pages);
}
