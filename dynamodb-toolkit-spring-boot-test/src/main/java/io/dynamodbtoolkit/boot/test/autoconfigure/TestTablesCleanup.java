package io.dynamodbtoolkit.boot.test.autoconfigure;

import java.util.LinkedHashSet;
import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.ObjectProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** Drops the configured adapters' tables (made unique by {@link TestTableIsolation}) when the test context closes. */
final class TestTablesCleanup implements InitializingBean, DisposableBean {

    private final ObjectProvider<AdapterDeclarations> declarationsProvider;
    private final DynamoDbClient client;
    private @Nullable AdapterDeclarations declarations;

    /**
     * @param declarations the configured adapters (resolved at start-up: beans cannot be created at shutdown)
     * @param client       the client, closed after this bean is destroyed
     */
    TestTablesCleanup(ObjectProvider<AdapterDeclarations> declarations, DynamoDbClient client) {
        this.declarationsProvider = declarations;
        this.client = client;
    }

    @Override
    public void afterPropertiesSet() {
        declarations = declarationsProvider.getIfAvailable();
    }

    @Override
    public void destroy() {
        if (declarations == null) {
            return;
        }
        Set<String> tables = new LinkedHashSet<>();
        declarations.names().forEach(name -> tables.add(declarations.tableOf(name)));
        for (String table : tables) {
            try {
                client.deleteTable(request -> request.tableName(table));
            } catch (ResourceNotFoundException neverCreated) {
                // provisioning was off, or the test dropped it
            }
        }
    }
}
