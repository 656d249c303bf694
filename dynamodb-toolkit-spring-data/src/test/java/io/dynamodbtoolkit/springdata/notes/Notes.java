package io.dynamodbtoolkit.springdata.notes;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The notes table, keyed by board, and its adapter "notes". */
public final class Notes {

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("notes").partitionKey("board", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private Notes() {
    }

    /** @return the adapter declaration, with cascades (boards have no rows of their own, so no parent guard) */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name("notes").table(table)
                .keys(KeyModel.builder().keyFields("board", "note").structuralKey("_sk").technicalPrefix("_").build())
                .cascades(true).parentGuard(false).build();
    }
}
