package io.dynamodbtoolkit.mass;

import java.util.List;
import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What a mass operation does to one page of items, recording every outcome in the tally. */
@FunctionalInterface
interface PageProcessor {

    /**
     * @param items the page's items as stored (whole items)
     * @param tally where outcomes go
     */
    void process(List<Map<String, AttributeValue>> items, MassTally tally);
}
