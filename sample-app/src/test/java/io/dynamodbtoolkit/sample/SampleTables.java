package io.dynamodbtoolkit.sample;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The sample's tables, for the tests that start the whole application under a table prefix of their own. */
public final class SampleTables {

    private static final String[] TABLES = {"rentals", "documents", "orders", "teams"};

    private SampleTables() {
    }

    /** Drops the sample's tables created under a prefix on the shared test server (those never created are skipped). */
    public static void drop(String prefix) {
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            for (String table : TABLES) {
                try {
                    client.deleteTable(request -> request.tableName(prefix + table));
                } catch (ResourceNotFoundException alreadyGone) {
                    // nothing to drop
                }
            }
        }
    }
}
