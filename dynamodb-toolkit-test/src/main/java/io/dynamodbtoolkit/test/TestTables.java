package io.dynamodbtoolkit.test;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Creates uniquely named tables that are dropped automatically: after the test method when created inside a test
 * method or a {@code @BeforeEach} method, after the test class when created in a {@code @BeforeAll} method, a
 * constructor or a static initializer (after the nested class for a {@code @Nested} class's {@code @BeforeAll}).
 * Tables are dropped whether the test passes or fails. Names look like {@code rentals-RentalTest-k3x9q0ab}.
 *
 * <p>Table management goes through a separate client, so it never appears in the {@link RequestLog}. Tables created
 * on a thread other than the test's own belong to the test class.
 */
public final class TestTables {

    private static final Duration ACTIVE_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration MAX_POLL_INTERVAL = Duration.ofSeconds(1);

    private final ClassResources resources;

    TestTables(ClassResources resources) {
        this.resources = resources;
    }

    /**
     * Creates a table, waits until it and its indexes are ACTIVE, and returns its unique name. The definition sets
     * everything but the name; billing mode defaults to PAY_PER_REQUEST when neither a billing mode nor provisioned
     * throughput is set.
     *
     * <pre>{@code
     * String name = tables.create("rentals", table -> table
     *     .keySchema(KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build())
     *     .attributeDefinitions(AttributeDefinition.builder().attributeName("pk").attributeType("S").build()));
     * }</pre>
     */
    public String create(String baseName, Consumer<CreateTableRequest.Builder> definition) {
        Objects.requireNonNull(definition, "definition");
        CreateTableRequest.Builder request = CreateTableRequest.builder();
        definition.accept(request);
        CreateTableRequest draft = request.build();
        if (draft.billingMode() == null && draft.provisionedThroughput() == null) {
            request.billingMode(BillingMode.PAY_PER_REQUEST);
        }
        String name = uniqueName(baseName);
        TableDescription created = resources.admin().createTable(request.tableName(name).build()).tableDescription();
        if (!isActive(created)) {
            awaitActive(name);
        }
        return name;
    }

    /** Creates the table a {@link TableSpec} describes; see {@link #create(String, Consumer)}. */
    public String create(TableSpec spec) {
        return create(spec.baseName(), spec::applyTo);
    }

    /**
     * A fresh unique name, for code under test that creates the table itself (e.g. provisioning). If a table of
     * that name exists when the current scope ends, it is dropped like one made by {@link #create}.
     */
    public String uniqueName(String baseName) {
        String name = TableNames.unique(baseName, resources.testClassName());
        TableScope.innermostOf(resources).orElse(resources.classScope()).register(name);
        return name;
    }

    void drop(List<String> tableNames, String scopeDescription) {
        RuntimeException failure = null;
        for (String name : tableNames) {
            try {
                resources.admin().deleteTable(request -> request.tableName(name));
            } catch (ResourceNotFoundException alreadyGone) {
                // dropped by the test itself, or never created
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = new IllegalStateException("Could not drop the test table(s) of the " + scopeDescription
                            + " scope; first failure on '" + name + "'", e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private void awaitActive(String name) {
        DynamoDbClient admin = resources.admin();
        long deadline = System.nanoTime() + ACTIVE_TIMEOUT.toNanos();
        long pauseMillis = 10;
        TableDescription table;
        while (!isActive(table = admin.describeTable(request -> request.tableName(name)).table())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Test table '" + name + "' did not become ACTIVE within "
                        + ACTIVE_TIMEOUT.toMinutes() + " minutes; last status " + table.tableStatus());
            }
            sleep(pauseMillis);
            pauseMillis = Math.min(pauseMillis * 2, MAX_POLL_INTERVAL.toMillis());
        }
    }

    private static boolean isActive(TableDescription table) {
        return table.tableStatus() == TableStatus.ACTIVE
                && table.globalSecondaryIndexes().stream().allMatch(index -> index.indexStatus() == IndexStatus.ACTIVE);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a test table to become ACTIVE", e);
        }
    }
}
