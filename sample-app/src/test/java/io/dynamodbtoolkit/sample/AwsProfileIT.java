package io.dynamodbtoolkit.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.UUID;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.sample.demo.DemoController;
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The profile "aws" against a DynamoDB endpoint (here the test server standing in for DynamoDB): the embedded engine
 * stays off, the tables are created with the profile's prefix, and the demo data is written into them.
 */
@SpringBootTest(properties = {"spring.cloud.aws.credentials.access-key=test",
        "spring.cloud.aws.credentials.secret-key=test", "CURSOR_SIGNING_KEY=aws-profile-test-signing-key-0123456789"})
@ActiveProfiles("aws")
class AwsProfileIT {

    private static final String PREFIX = "aws-profile-" + UUID.randomUUID().toString().substring(0, 8) + "-";

    @DynamicPropertySource
    static void endpoint(DynamicPropertyRegistry registry) {
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        registry.add("spring.cloud.aws.dynamodb.endpoint", () -> endpoint.uri().toString());
        registry.add("AWS_REGION", () -> endpoint.region().id());
        registry.add("TABLE_PREFIX", () -> PREFIX);
    }

    @AfterAll
    static void dropTheTables() {
        SampleTables.drop(PREFIX);
    }

    @Autowired
    private ApplicationContext context;

    @Autowired
    private Map<String, Adapter<Map<String, Object>>> adapters;

    @Autowired
    private RentalRepository rentals;

    @Autowired
    private DemoController demo;

    @Test
    void runsOnTheConfiguredEndpointWithPrefixedTablesAndTheDemoData() {
        assertThat(context.containsBean("embeddedDynamoDb")).isFalse();
        assertThat(adapters.values()).extracting(Adapter::table).containsExactlyInAnyOrder(PREFIX + "rentals",
                PREFIX + "documents", PREFIX + "orders", PREFIX + "teams");
        assertThat(demo.about().backend()).isEqualTo("DynamoDB");
        assertThat(demo.about().endpoint()).isEqualTo(DynamoDbEndpoint.shared().uri().toString());
        assertThat(rentals.findInSparseIndexOfStates()).extracting(state -> state.state())
                .containsExactly("CA", "NY", "TX");
    }
}
