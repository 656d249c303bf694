// tag::document-repository[]
package io.dynamodbtoolkit.sample.reviews;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

// end::document-repository[]
/** Documents, and the review queue: the members of the sparse index {@code needs-review}. */
// tag::document-repository[]
@AdapterName("documents")
public interface DocumentRepository extends HierarchicalRepository<Document> {

    /** The queue, oldest submission first: a Query on the sparse index, which holds only queued documents. */
    Window<Document> findByReviewFlagOrderBySubmittedAt(String reviewFlag, ScrollPosition position, Limit limit);

    /** The queue, a page at a time in the index's order (submittedAt), with what the index Query cost. */
    @IndexName("needs-review")
    ItemPage<Document> findByReviewFlag(String reviewFlag, ListOptions options);

    /** For contrast only: the queue without its index, a Scan that reads every document to keep the queued ones. */
    @AllowScan
    ItemPage<Document> findByReviewFlagIsNotNull(ListOptions options);
}
// end::document-repository[]
