package io.dynamodbtoolkit.test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Small helpers for tests that look at which tables exist. */
final class Tables {

    private Tables() {
    }

    /** A one-key table spec. */
    static TableSpec simple(String baseName) {
        return TableSpec.named(baseName).partitionKey("pk", ScalarAttributeType.S);
    }

    /** The names of all tables on the server (every page of ListTables). */
    static Set<String> existing(DynamoDbClient client) {
        return client.listTablesPaginator().tableNames().stream().collect(Collectors.toSet());
    }

    /** The names of all tables on the shared server, read with a fresh client. */
    static Set<String> existing() {
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            return existing(client);
        }
    }

    /** Which of these tables still exist on the shared server. */
    static List<String> stillExisting(List<String> names) {
        Set<String> existing = existing();
        return names.stream().filter(existing::contains).toList();
    }
}
