package io.dynamodbtoolkit.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import io.dynamodbtoolkit.test.DynamoDbTest;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointParams;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;

@DynamoDbTest
class CachedEndpointProviderTest {

    @Test
    void eachSetOfParametersIsResolvedOnceAndDistinctSetsApart() {
        AtomicInteger resolutions = new AtomicInteger();
        DynamoDbEndpointProvider rules = DynamoDbEndpointProvider.defaultProvider();
        CachedEndpointProvider cached = CachedEndpointProvider.of(params -> {
            resolutions.incrementAndGet();
            return rules.resolveEndpoint(params);
        });
        DynamoDbEndpointParams east = DynamoDbEndpointParams.builder().region(Region.US_EAST_1).build();
        DynamoDbEndpointParams eastFips = DynamoDbEndpointParams.builder().region(Region.US_EAST_1).useFips(true)
                .build();
        DynamoDbEndpointParams west = DynamoDbEndpointParams.builder().region(Region.US_WEST_2).build();

        URI first = cached.resolveEndpoint(east).join().url();
        URI again = cached.resolveEndpoint(DynamoDbEndpointParams.builder().region(Region.US_EAST_1).build()).join()
                .url();
        URI fips = cached.resolveEndpoint(eastFips).join().url();
        URI other = cached.resolveEndpoint(west).join().url();

        assertThat(first).isEqualTo(again).isEqualTo(rules.resolveEndpoint(east).join().url());
        assertThat(fips).isEqualTo(rules.resolveEndpoint(eastFips).join().url()).isNotEqualTo(first);
        assertThat(other).isEqualTo(rules.resolveEndpoint(west).join().url()).isNotEqualTo(first);
        assertThat(resolutions).hasValue(3);
        assertThat(cached.size()).isEqualTo(3);
    }

    @Test
    void aFailedResolutionIsNotKept() {
        AtomicInteger resolutions = new AtomicInteger();
        CachedEndpointProvider cached = CachedEndpointProvider.of(params -> {
            resolutions.incrementAndGet();
            return CompletableFuture.failedFuture(new IllegalStateException("no endpoint"));
        });
        DynamoDbEndpointParams params = DynamoDbEndpointParams.builder().region(Region.US_EAST_1).build();

        assertThat(cached.resolveEndpoint(params)).isCompletedExceptionally();
        assertThat(cached.resolveEndpoint(params)).isCompletedExceptionally();

        assertThat(resolutions).hasValue(2);
        assertThat(cached.size()).isZero();
    }

    @Test
    void aFullCacheStartsOver() {
        CachedEndpointProvider cached = CachedEndpointProvider.of(params -> CompletableFuture.completedFuture(
                Endpoint.builder().url(URI.create("http://" + params.accountId() + ".example")).build()));
        for (int i = 0; i <= CachedEndpointProvider.MAX_ENTRIES; i++) {
            cached.resolveEndpoint(DynamoDbEndpointParams.builder().region(Region.US_EAST_1).accountId("a" + i)
                    .build());
        }
        assertThat(cached.size()).isEqualTo(1);
    }

    @Test
    void aClientWithTheCacheResolvesItsEndpointOnceForManyCalls(DynamoDbEndpoint endpoint) {
        AtomicInteger resolutions = new AtomicInteger();
        DynamoDbEndpointProvider rules = DynamoDbEndpointProvider.defaultProvider();
        try (DynamoDbClient client = endpoint.clientBuilder().endpointProvider(CachedEndpointProvider.of(params -> {
            resolutions.incrementAndGet();
            return rules.resolveEndpoint(params);
        })).build()) {
            for (int i = 0; i < 5; i++) {
                assertThat(client.listTables().tableNames()).isNotNull();
            }
        }
        assertThat(resolutions).hasValue(1);
    }

    @Test
    void applyToSetsTheCacheOnABuilder(DynamoDbEndpoint endpoint) {
        try (DynamoDbClient client = CachedEndpointProvider.applyTo(endpoint.clientBuilder()).build()) {
            assertThat(client.serviceClientConfiguration().endpointProvider()).containsInstanceOf(
                    CachedEndpointProvider.class);
            assertThat(client.listTables().tableNames()).isNotNull();
        }
    }
}
