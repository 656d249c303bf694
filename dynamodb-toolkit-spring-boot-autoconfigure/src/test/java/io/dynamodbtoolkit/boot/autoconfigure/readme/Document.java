package io.dynamodbtoolkit.boot.autoconfigure.readme;

import java.time.Instant;

/** A document of the README's review queue: queued while it carries a reviewFlag. */
public record Document(String docId, String title, String reviewFlag, Instant submittedAt) {
}
