// tag::document-repository[]
package io.dynamodbtoolkit.boot.autoconfigure.readme;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;

@AdapterName("documents")
interface DocumentRepository extends HierarchicalRepository<Document> {
    @IndexName("needs-review")
    List<Document> findInSparseIndexOfReviews();                    // every queued document: a Scan of the index only

    @IndexName("needs-review")
    List<Document> findInSparseIndexOfReviews(String reviewFlag);   // one flag, oldest first: a Query of the index
}
// end::document-repository[]
