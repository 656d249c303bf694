package io.dynamodbtoolkit.springdata.reviews;

import java.time.Instant;

/**
 * A document of the review queue: only queued documents carry {@code reviewFlag} and {@code submittedAt}, the keys of
 * the sparse index {@code needs-review}.
 */
public record Document(String docId, String title, String reviewFlag, Instant submittedAt) {

    /** @return a document waiting for review */
    public static Document queued(String docId, String title, Instant submittedAt) {
        return new Document(docId, title, "pending", submittedAt);
    }

    /** @return a document that is not in the queue */
    public static Document reviewed(String docId, String title) {
        return new Document(docId, title, null, null);
    }
}
