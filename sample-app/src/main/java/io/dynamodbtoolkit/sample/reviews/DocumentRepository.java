package io.dynamodbtoolkit.sample.reviews;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/** Documents, and the review queue: the members of the sparse index {@code needs-review}. */
// tag::document-repository[]
@AdapterName("documents")
public interface DocumentRepository extends HierarchicalRepository<Document> {

    /** The queue, oldest submission first: a Query on the sparse index, which holds only queued documents. */
    Window<Document> findByReviewFlagOrderBySubmittedAt(String reviewFlag, ScrollPosition position, Limit limit);
}
// end::document-repository[]
