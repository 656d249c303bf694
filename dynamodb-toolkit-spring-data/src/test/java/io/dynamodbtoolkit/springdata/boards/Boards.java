package io.dynamodbtoolkit.springdata.boards;

import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Boards and their cards (board > card), versioned, with a sparse index of the open cards (a marker present while a
 * card's status is {@code OPEN}): what atomic updates are tested on.
 */
public final class Boards {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "boards";

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("boards")
            .partitionKey("board", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S)
            .globalIndex("open-cards", "_openMarker", ScalarAttributeType.S, "_sk", ScalarAttributeType.S,
                    ProjectionType.KEYS_ONLY);

    private Boards() {
    }

    /** @return the declaration of a boards table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table)
                .keys(KeyModel.builder().keyFields("board", "card").structuralKey("_sk").technicalPrefix("_")
                        .typeLabels("board", "card").typeField("kind").versionField("_version").build())
                .indexes(IndexDeclaration.global("open-cards").partition(MarkerKeyPart.of("_openMarker", "Y"))
                        .sortKey("_sk").membership(Membership.onlyWhen(Set.of("status"), Boards::isOpen))
                        .projection(IndexProjection.KEYS_ONLY).build())
                .build();
    }

    private static boolean isOpen(Map<String, AttributeValue> item) {
        AttributeValue status = item.get("status");
        return status != null && "OPEN".equals(status.s());
    }
}
