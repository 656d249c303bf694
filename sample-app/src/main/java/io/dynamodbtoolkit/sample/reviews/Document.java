package io.dynamodbtoolkit.sample.reviews;

import java.time.Instant;

import org.springframework.data.annotation.Version;

/**
 * A document. It is in the review queue while it carries {@code reviewFlag}: the {@code needs-review} index holds
 * only such documents, so listing the queue reads the queue and nothing else.
 *
 * @param docId       the document's id (the table's key)
 * @param title       its title
 * @param author      who wrote it
 * @param reviewFlag  {@code pending} while the document waits for review, else absent
 * @param submittedAt when it entered the queue (the index's sort key), else absent
 * @param version     the optimistic-locking version (null before the first write)
 */
public record Document(String docId, String title, String author, String reviewFlag, Instant submittedAt,
        @Version Long version) {
}
