package io.dynamodbtoolkit.springbatch.item;

import org.springframework.batch.infrastructure.item.ItemStreamException;

/**
 * A reader's position in the step's execution context does not belong to what the reader reads (another subtree,
 * range, index or Scan segment; an altered job repository; job parameters changed since the position was saved). The
 * reader refuses it rather than start over or guess: resuming from it would skip or repeat items.
 */
public class ForeignPositionException extends ItemStreamException {

    private final String contextKey;

    /**
     * @param contextKey the execution context key that holds the refused value
     * @param problem    what is wrong with it
     */
    public ForeignPositionException(String contextKey, String problem) {
        super("Execution context key '" + contextKey + "' " + problem + ". The saved position does not belong to "
                + "this reader: the job's parameters changed since it ran, or the job repository was altered; run "
                + "the job as a new instance (other parameters) instead of restarting this one");
        this.contextKey = contextKey;
    }

    /** @return the execution context key that holds the refused value */
    public String contextKey() {
        return contextKey;
    }
}
