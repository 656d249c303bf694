package io.dynamodbtoolkit.springdata.accounts;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Accounts keyed by tenant and user, with a unique e-mail address and a handle unique per tenant. */
public final class Accounts {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "accounts";

    /** The key design. */
    public static final KeyModel KEYS = KeyModel.builder().keyFields("tenant", "user").structuralKey("_sk")
            .technicalPrefix("_").build();

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("accounts").partitionKey("tenant", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private Accounts() {
    }

    /** @return the adapter declaration of a table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table).keys(KEYS)
                .unique(UniqueField.of("email"), UniqueField.within("handle", "tenant")).build();
    }
}
