package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Creates the adapters configured under {@code dynamodb.toolkit.adapters}; each Adapter bean of a configured
 * adapter is made by {@link #create(String)}.
 */
public class AdapterFactory {

    private final AdapterDeclarations declarations;
    private final DynamoDbClient client;
    private final AdapterOptions options;

    /**
     * @param declarations the configured declarations
     * @param client       the DynamoDB client
     * @param options      the run-time options shared by the adapters
     */
    public AdapterFactory(AdapterDeclarations declarations, DynamoDbClient client, AdapterOptions options) {
        this.declarations = declarations;
        this.client = client;
        this.options = options;
    }

    /**
     * @param name a configured adapter's name
     * @return a new adapter of that declaration, working on documents ({@code Map<String, Object>})
     */
    public Adapter<Map<String, Object>> create(String name) {
        return Adapter.create(declarations.declaration(name), client, options);
    }
}
