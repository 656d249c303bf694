package io.dynamodbtoolkit.springdata.members;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Members keyed by tenant and user, with the unique fields {@link Member.User} declares. */
public final class Members {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "members";

    /** The key design: a tenant row, then its users. */
    public static final KeyModel KEYS = KeyModel.builder().keyFields("tenant", "user").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("tenant", "user").build();

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("members").partitionKey("tenant", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private Members() {
    }

    /** @return the declaration that agrees with the annotations: email among users, handle per tenant among users */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return declaration(table, UniqueField.of("email").inTiers("user"),
                UniqueField.within("handle", "tenant").inTiers("user"));
    }

    /** @return a declaration with these unique fields */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table, UniqueField... unique) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table).keys(KEYS)
                .unique(unique).build();
    }
}
