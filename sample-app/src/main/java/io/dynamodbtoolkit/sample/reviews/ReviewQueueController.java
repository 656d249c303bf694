package io.dynamodbtoolkit.sample.reviews;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import io.dynamodbtoolkit.sample.web.PageResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Documents, and the review queue: enter, leave, list. */
@RestController
public class ReviewQueueController {

    private final DocumentRepository documents;
    private final ReviewQueue queue;

    /**
     * @param documents the documents
     * @param queue     the review queue over them
     */
    public ReviewQueueController(DocumentRepository documents, ReviewQueue queue) {
        this.documents = documents;
        this.queue = queue;
    }

    /** Creates a document (409 when the id is taken). @return it as written */
    @PostMapping("/api/documents")
    @ResponseStatus(HttpStatus.CREATED)
    public Document create(@Valid @RequestBody NewDocument document) {
        return documents.insert(document.document());
    }

    /** @return one document */
    @GetMapping("/api/documents/{docId}")
    public Document document(@PathVariable String docId) {
        return documents.findById(KeyValues.of("docId", docId))
                .orElseThrow(() -> new NoSuchItemException("document " + docId));
    }

    /** @return one page of the queue, oldest submission first */
    @GetMapping("/api/review-queue")
    public PageResponse<Document> queue(@RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(queue.list(PageResponse.positionAfter(cursor), limit));
    }

    /** Puts a document in the queue (404 when there is no such document). @return the document */
    @PutMapping("/api/review-queue/{docId}")
    public Document enter(@PathVariable String docId) {
        return queue.enter(docId);
    }

    /** Takes a document out of the queue (404 when there is no such document). @return the document */
    @DeleteMapping("/api/review-queue/{docId}")
    public Document leave(@PathVariable String docId) {
        return queue.leave(docId);
    }
}
