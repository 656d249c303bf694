// tag::review-queue[]
package io.dynamodbtoolkit.sample.reviews;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyValues;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import org.springframework.stereotype.Service;

// end::review-queue[]
/**
 * The review queue as a sparse index: a document enters by getting {@code reviewFlag} (and {@code submittedAt}, the
 * index's sort key) and leaves by losing them; the {@code needs-review} index then holds exactly the queue.
 */
// tag::review-queue[]
@Service
public class ReviewQueue {

    /** The value of {@code reviewFlag} while a document waits for review. */
    public static final String PENDING = "pending";

    private final DocumentRepository documents;
    private final Clock clock;

    /** The queue over these documents, stamping entries with this clock. */
    public ReviewQueue(DocumentRepository documents, Clock clock) {
        this.documents = documents;
        this.clock = clock;
    }

    /** Puts a document in the queue (a patch: never creates a document that does not exist). */
    public Document enter(String docId) {
        return documents.patch(KeyValues.of("docId", docId),
                Map.of("reviewFlag", PENDING, "submittedAt", clock.instant()));
    }

    /** Takes a document out of the queue: null removes the attributes, so it drops out of the index. */
    public Document leave(String docId) {
        Map<String, Object> removed = new HashMap<>();
        removed.put("reviewFlag", null);
        removed.put("submittedAt", null);
        return documents.patch(KeyValues.of("docId", docId), removed);
    }

    /** The queue, oldest first, a window at a time. */
    public Window<Document> list(ScrollPosition position, int limit) {
        return documents.findByReviewFlagOrderBySubmittedAt(PENDING, position, Limit.of(limit));
    }
}
// end::review-queue[]
