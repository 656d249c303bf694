package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

@DynamoDbTest
class DynamoDbExtensionInjectionIT {

    private static DynamoDbClient clientOfBeforeAll;
    private static TestTables tablesOfBeforeAll;
    private static RequestLog logOfBeforeAll;

    private final DynamoDbClient clientOfConstructor;
    private DynamoDbClient clientOfBeforeEach;

    DynamoDbExtensionInjectionIT(DynamoDbClient client) {
        this.clientOfConstructor = client;
    }

    @BeforeAll
    static void injectIntoBeforeAll(DynamoDbClient client, TestTables tables, RequestLog log) {
        clientOfBeforeAll = client;
        tablesOfBeforeAll = tables;
        logOfBeforeAll = log;
    }

    @BeforeEach
    void injectIntoBeforeEach(DynamoDbClient client) {
        clientOfBeforeEach = client;
    }

    @Test
    void injectsOneClientTablesAndLogPerTestClass(DynamoDbClient client, TestTables tables, RequestLog log) {
        assertThat(client).isSameAs(clientOfBeforeAll).isSameAs(clientOfConstructor).isSameAs(clientOfBeforeEach);
        assertThat(tables).isSameAs(tablesOfBeforeAll);
        assertThat(log).isSameAs(logOfBeforeAll);
    }

    @Test
    void theInjectedClientTalksToTheServerAndIsRecorded(DynamoDbClient client, RequestLog log) {
        client.listTables();

        assertThat(log.calls()).extracting(RecordedCall::operation).containsExactly("ListTables");
    }

    @Test
    void theEndpointDescribesTheSharedServer(DynamoDbEndpoint endpoint) {
        assertThat(endpoint).isSameAs(DynamoDbEndpoint.shared());
        assertThat(endpoint.uri().getScheme()).isEqualTo("http");
        assertThat(endpoint.backend()).isNotBlank();
        assertThat(endpoint.region().id()).isEqualTo("us-east-1");
        try (DynamoDbClient own = endpoint.newClient()) {
            assertThat(own.listTables().tableNames()).isNotNull();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void injectsIntoParameterizedTests(int invocation, DynamoDbClient client) {
        assertThat(client).isSameAs(clientOfBeforeAll);
    }

    @Nested
    class NestedClass {

        @Test
        void sharesTheOuterClassResources(DynamoDbClient client, TestTables tables) {
            assertThat(client).isSameAs(clientOfBeforeAll);
            assertThat(tables).isSameAs(tablesOfBeforeAll);
        }
    }
}
