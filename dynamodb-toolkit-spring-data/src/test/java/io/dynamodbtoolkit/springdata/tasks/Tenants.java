package io.dynamodbtoolkit.springdata.tasks;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The tenant of the current thread, as a request filter would set it, and the tasks table keyed by tenant. */
public final class Tenants {

    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    /** The table. */
    public static final TableSpec TABLE = TableSpec.named("tasks").partitionKey("tenant", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S);

    private Tenants() {
    }

    /** @return the adapter declaration */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name("tasks").table(table)
                .keys(KeyModel.builder().keyFields("tenant", "project", "task").structuralKey("_sk")
                        .technicalPrefix("_").build())
                .cascades(true)
                .parentGuard(false) // tasks live under tenant and project values that have no rows of their own
                .build();
    }

    /** @return the scope provider reading the current tenant */
    public static ScopeProvider scope() {
        return ScopeProvider.of(List.of("tenant"), () -> Optional.ofNullable(CURRENT.get())
                .map(tenant -> KeyValues.of("tenant", tenant)));
    }

    /** Runs work as a tenant. */
    public static <T> T as(String tenant, Supplier<T> work) {
        CURRENT.set(tenant);
        try {
            return work.get();
        } finally {
            CURRENT.remove();
        }
    }
}
