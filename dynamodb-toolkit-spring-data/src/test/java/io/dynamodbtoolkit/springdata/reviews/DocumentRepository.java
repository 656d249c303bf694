package io.dynamodbtoolkit.springdata.reviews;

import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** The review queue in every result form: the whole queue is a Scan of the sparse index, one flag a Query. */
@AdapterName(Reviews.ADAPTER)
public interface DocumentRepository extends HierarchicalRepository<Document> {

    /** Every queued document: a Scan of the index, which holds only them. */
    @IndexName("needs-review")
    List<Document> findInSparseIndexOfReviews();

    /** The queued documents, a window at a time. */
    @IndexName("needs-review")
    Window<Document> findInSparseIndexOfReviews(ScrollPosition position, Limit limit);

    /** The queued documents, a slice at a time. */
    @IndexName("needs-review")
    Slice<Document> findInSparseIndexOfReviews(Pageable pageable);

    /** The queued documents, a page at a time, with what the Scan read. */
    @IndexName("needs-review")
    ItemPage<Document> findInSparseIndexOfReviews(ListOptions options);

    /** The queued documents as a stream, read a page at a time. */
    @IndexName("needs-review")
    Stream<Document> findInSparseIndexOfReviewsAsStream();

    /** The queued documents in some order, which a Scan cannot give. */
    @IndexName("needs-review")
    List<Document> findInSparseIndexOfReviews(Sort sort);

    /** The documents with one flag, oldest submission first: a Query of the index. */
    @IndexName("needs-review")
    List<Document> findInSparseIndexOfReviews(String reviewFlag);
}
