package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Arrays;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.tasks.Tenants;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Query contexts for planning derived methods without a server: templates over a client that refuses every call
 * (planning reads nothing), for the rentals hierarchy with its indexes, a plain pk/sk orders table with a global and
 * a local index, and the tenant-scoped tasks.
 */
final class OfflinePlanning {

    /** A client whose every operation throws: planning must not call DynamoDB. */
    static final DynamoDbClient NO_SERVER = new DynamoDbClient() {
        @Override
        public String serviceName() {
            return SERVICE_NAME;
        }

        @Override
        public void close() {
        }
    };

    private static final MappingDynamoDbConverter CONVERTER = new MappingDynamoDbConverter(
            new DynamoDbMappingContext());

    private OfflinePlanning() {
    }

    /** @return the context of a repository of the rentals hierarchy (state > facility > vin, two indexes) */
    static <T> QueryContext<T> rentals(Class<T> domainType) {
        return QueryContext.of(template(Rentals.declaration("rentals"), null), domainType);
    }

    /** @return the context of a repository of orders: customerId / orderId, GSI by-status, LSI by-total */
    static <T> QueryContext<T> orders(Class<T> domainType) {
        return QueryContext.of(template(AdapterDeclaration.builder(ItemMapper.documents()).name("orders")
                .table("orders").keys(KeyModel.builder().keyFields("customerId", "orderId").build())
                .indexes(IndexDeclaration.global("by-status").partitionKey("status").sortKey("createdAt").build(),
                        IndexDeclaration.local("by-total").sortKey("total", ScalarAttributeType.N).build())
                .build(), null), domainType);
    }

    /** @return the context of a repository of tasks, confined to the tenant of the calling thread */
    static <T> QueryContext<T> tasks(Class<T> domainType) {
        return QueryContext.of(template(Tenants.declaration("tasks"), Tenants.scope()), domainType);
    }

    /** @return the query method of a repository interface, by its unique name */
    static DynamoDbQueryMethod method(Class<?> repository, String name) {
        Method method = Arrays.stream(repository.getMethods()).filter(candidate -> candidate.getName().equals(name))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(repository + " has no method " + name));
        return new DynamoDbQueryMethod(method, new DefaultRepositoryMetadata(repository),
                new SpelAwareProxyProjectionFactory());
    }

    private static DynamoDbToolkitTemplate template(AdapterDeclaration<?> declaration, ScopeProvider scope) {
        DynamoDbToolkitTemplate.Builder builder = DynamoDbToolkitTemplate.builder(
                Adapter.create(declaration, NO_SERVER), CONVERTER);
        return scope == null ? builder.build() : builder.scopeProvider(scope).build();
    }
}
