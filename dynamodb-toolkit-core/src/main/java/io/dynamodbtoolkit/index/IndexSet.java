package io.dynamodbtoolkit.index;

import java.util.Map;

import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The secondary indexes of an adapter, and the membership attributes the toolkit maintains for them. */
public final class IndexSet {

    private static final IndexSet EMPTY = new IndexSet();

    private IndexSet() {
    }

    /** @return no indexes */
    public static IndexSet empty() {
        return EMPTY;
    }

    /** Adds (or removes) the index key attributes a whole item must carry. */
    public void addMemberships(Map<String, AttributeValue> item) {
        // no indexes declared
    }
}
