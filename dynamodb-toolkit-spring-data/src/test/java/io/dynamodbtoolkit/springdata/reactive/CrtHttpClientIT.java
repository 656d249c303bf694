package io.dynamodbtoolkit.springdata.reactive;

import static io.dynamodbtoolkit.springdata.reactive.NoBlockingCalls.nonBlocking;

import java.time.Duration;
import java.util.List;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.DuplicateKeyException;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reactive template on an asynchronous client built on the AWS CRT-based HTTP client (which the starter takes
 * when the application adds {@code aws-crt-client}) instead of Netty: batch writes, reads by key and in batches,
 * paged list reads and a translated conditional failure, all subscribed on Reactor's parallel scheduler under
 * BlockHound, so a blocking call anywhere on that client's path fails here.
 */
@DynamoDbTest
@ExtendWith(NoBlockingCalls.class)
class CrtHttpClientIT {

    private static final KeyValues DALLAS = KeyValues.of("state", "TX", "facility", "Dallas");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static DynamoDbAsyncClient asyncClient;
    private static ReactiveDynamoDbToolkitTemplate rentals;

    @BeforeAll
    static void start(DynamoDbClient client, DynamoDbEndpoint endpoint, TestTables tables) {
        asyncClient = endpoint.asyncClientBuilder().httpClientBuilder(AwsCrtAsyncHttpClient.builder()).build();
        DynamoDbToolkitTemplate blocking = new DynamoDbToolkitTemplate(Adapter.create(
                Rentals.declaration(tables.create(Rentals.TABLE)), client),
                new MappingDynamoDbConverter(new DynamoDbMappingContext()));
        rentals = new ReactiveDynamoDbToolkitTemplate(blocking, asyncClient);
    }

    @AfterAll
    static void stop() {
        asyncClient.close();
    }

    @Test
    void readsAndWritesWithoutBlocking() {
        StepVerifier.create(nonBlocking(rentals.saveAll(Flux.fromIterable(Rentals.rows())).count()))
                .expectNext((long) Rentals.rows().size()).verifyComplete();

        StepVerifier.create(nonBlocking(rentals.findById(DALLAS.and("vin", "5YJ30003"), Vehicle.class)
                .map(Vehicle::make))).expectNext("Tesla").verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findAllById(List.of(DALLAS.and("vin", "1HGC0002"),
                DALLAS.and("vin", "nope"), DALLAS.and("vin", "1HGC0001")), Vehicle.class).map(Vehicle::vin)))
                .expectNext("1HGC0002", "1HGC0001").verifyComplete();
        StepVerifier.create(nonBlocking(rentals.findPages(SubtreeQuery.children(DALLAS),
                ListOptions.defaults().withLimit(1), Vehicle.class).concatMapIterable(ItemPage::items)
                .map(Vehicle::vin))).expectNext("1HGC0001", "1HGC0002", "5YJ30003").verifyComplete();

        StepVerifier.create(nonBlocking(rentals.insert(Vehicle.of("TX", "Dallas", "1HGC0001", "Kia",
                Vehicle.Color.RED, "30.00")))).expectError(DuplicateKeyException.class).verify(TIMEOUT);
    }
}
