package io.dynamodbtoolkit.springdata.reviews;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

/** The review queue read in parallel segments. */
@AdapterName(Reviews.IN_SEGMENTS)
public interface SegmentedDocumentRepository extends HierarchicalRepository<Document> {

    /** The queued documents, a window at a time, from every segment. */
    @IndexName("needs-review")
    Window<Document> findInSparseIndexOfReviews(ScrollPosition position, Limit limit);

    /** The queued documents, a page at a time. */
    @IndexName("needs-review")
    ItemPage<Document> findInSparseIndexOfReviews(ListOptions options);
}
