package io.dynamodbtoolkit.test;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What one top-level test class (with its nested classes) gets: a recording client and its log, the table helper
 * with its own non-recording client, and the class-wide table scope.
 */
final class ClassResources {

    private final DynamoDbEndpoint endpoint;
    private final String testClassName;
    private final RequestLog requestLog = new RequestLog();
    private final DynamoDbClient client;
    private final DynamoDbClient admin;
    private final TableScope classScope;
    private final TestTables tables;

    ClassResources(DynamoDbEndpoint endpoint, Class<?> testClass) {
        this.endpoint = endpoint;
        this.testClassName = testClass.getSimpleName();
        this.client = endpoint.clientBuilder()
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(requestLog.interceptor()))
                .build();
        this.admin = endpoint.newClient();
        this.classScope = new TableScope(this, "class " + testClassName);
        this.tables = new TestTables(this);
    }

    DynamoDbEndpoint endpoint() {
        return endpoint;
    }

    String testClassName() {
        return testClassName;
    }

    RequestLog requestLog() {
        return requestLog;
    }

    DynamoDbClient client() {
        return client;
    }

    DynamoDbClient admin() {
        return admin;
    }

    TableScope classScope() {
        return classScope;
    }

    TestTables tables() {
        return tables;
    }

    /** Drops the class's tables, then closes both clients. */
    void close() {
        try {
            classScope.close();
        } finally {
            client.close();
            admin.close();
        }
    }
}
