package io.dynamodbtoolkit.springdata.reviews;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.key.KeyModel;

/**
 * The seed's review queue: documents keyed by id, and the sparse, keys-only index {@code needs-review} (partition
 * {@code reviewFlag}, sort {@code submittedAt}) that only queued documents are in. The same table is declared twice:
 * once as is, once with the index scanned in 4 parallel segments.
 */
public final class Reviews {

    /** The adapter reading the index with a plain Scan. */
    public static final String ADAPTER = "documents";
    /** The adapter reading the index in parallel segments. */
    public static final String IN_SEGMENTS = "documentsInSegments";
    /** The parallel segments of {@link #IN_SEGMENTS}. */
    public static final int SEGMENTS = 4;

    private Reviews() {
    }

    /** @return the declaration of the documents table, its index scanned in {@code segments} parallel segments */
    public static AdapterDeclaration<Map<String, Object>> declaration(String name, String table, int segments) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(name).table(table)
                .keys(KeyModel.builder().keyFields("docId").build())
                .indexes(IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
                        .projection(IndexProjection.KEYS_ONLY).sparse().scanSegments(segments).build())
                .build();
    }
}
