package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a mass operation does to one page of items, recording every outcome in the tally. It may return before the
 * page's work is done (its calls run in the run's {@link WorkWindow}, beside the next page's).
 */
@FunctionalInterface
interface PageProcessor {

    /**
     * @param items    the page's items as stored (whole items)
     * @param tally    where outcomes go
     * @param previous completes when the previous page's work is done (for work that must see it written, such as
     *                 the parent rows a guarded copy checks); already complete for the first page
     * @return completes when every item of the page has its outcome
     */
    CompletableFuture<Void> process(List<Map<String, AttributeValue>> items, MassTally tally,
            CompletableFuture<Void> previous);
}
