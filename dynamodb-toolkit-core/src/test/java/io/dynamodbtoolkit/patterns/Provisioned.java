package io.dynamodbtoolkit.patterns;

import java.util.Map;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.TestTables;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Creates a test's table from its adapter declaration (so every pattern test also exercises provisioning). */
final class Provisioned {

    private Provisioned() {
    }

    static Adapter<Map<String, Object>> documents(DynamoDbClient client, TestTables tables, String base,
            Function<AdapterDeclaration.Builder<Map<String, Object>>, AdapterDeclaration.Builder<Map<String, Object>>>
                    declaration) {
        AdapterDeclaration<Map<String, Object>> declared = declaration.apply(
                AdapterDeclaration.builder(ItemMapper.documents()).table(tables.uniqueName(base))).build();
        TableProvisioner.of(client).create(declared);
        return Adapter.create(declared, client);
    }

    static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
