package io.dynamodbtoolkit.sample.reviews;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;

/**
 * A document to create.
 *
 * @param docId  its id: letters, digits, dots, dashes and underscores
 * @param title  its title
 * @param author who wrote it
 */
public record NewDocument(@NotBlank @Pattern(regexp = "[A-Za-z0-9._-]{1,64}") String docId, @NotBlank String title,
        @NotBlank String author) {

    /** @return the document, not in the review queue */
    Document document() {
        return new Document(docId, title, author, null, null, null);
    }
}
