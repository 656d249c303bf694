package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.core.IndexEvolutionListener;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The slice starts the toolkit, the application's repositories and its toolkit beans (customizers, scope, membership,
 * also when declared in configurations of their own) on the test server, with tables of its own.
 */
@DynamoDbToolkitTest(properties = "dynamodb.toolkit.adapters.rentals.ttl-attribute=expiresAt")
@ActiveProfiles("slice")
class DynamoDbToolkitSliceIT {

    @Autowired
    private ApplicationContext context;

    @Autowired
    private Adapter<Map<String, Object>> rentals;

    @Autowired
    private DynamoDbClient client;

    @Autowired
    private SliceRentalRepository repository;

    @Test
    void onlyTheToolkitAndAdapterCustomizersAreStarted() {
        assertThat(context.getBeanNamesForType(UnrelatedService.class)).isEmpty();
        assertThat(context.getBeanNamesForType(CascadingRentals.class)).hasSize(1);
        assertThat(rentals.declaration().cascades()).isTrue();
        assertThat(rentals.declaration().ttlAttribute()).hasValue("expiresAt");
    }

    @Test
    void theToolkitBeansOfTheApplicationsConfigurationsAreIncluded() {
        assertThat(context.getBeansOfType(ScopeProvider.class)).containsOnlyKeys("stateScope");
        assertThat(context.getBeansOfType(Membership.class)).containsOnlyKeys("hondasOnly");
        assertThat(context.getBeanNamesForType(AdapterCustomizer.class)).contains("makeFilter", "cascadingRentals");
        assertThat(context.getBeanNamesForType(IndexEvolutionListener.class)).contains("indexEvolutionLog");
        assertThat(rentals.declaration().filters().rule("make")).isPresent();

        assertThat(context.getBeanNamesForType(MixedConfiguration.class)).isEmpty();
        assertThat(context.getBeanNamesForType(MassProgressListener.class)).doesNotContain("loggingProgress");
    }

    @Test
    void aMembershipBeanDecidesWhoIsInTheIndex() {
        repository.save(new RentalRow.State("NV", "Nevada"));
        repository.save(new RentalRow.Facility("NV", "Reno", "Reno"));
        repository.save(new RentalRow.Vehicle("NV", "Reno", "1HGC001", "Honda"));
        repository.save(new RentalRow.Vehicle("NV", "Reno", "5YJ3002", "Tesla"));
        assertThat(rentals.query(IndexQuery.on("hondas"), ListOptions.defaults()).items())
                .extracting(item -> item.get("vin")).containsExactly("1HGC001");
    }

    @Test
    void repositoriesOfTheApplicationAreThere() {
        repository.save(new RentalRow.State("CA", "California"));
        repository.save(new RentalRow.Facility("CA", "Fresno", "Fresno"));
        assertThat(repository.findUnder("CA")).containsExactly(new RentalRow.Facility("CA", "Fresno", "Fresno"));
    }

    @Test
    void anItemPageShowsTheCapacityItConsumed() {
        repository.save(new RentalRow.State("WA", "Washington"));
        repository.save(new RentalRow.Facility("WA", "Seattle", "Seattle"));

        ItemPage<RentalRow> page = repository.findUnder("WA", ListOptions.defaults());

        assertThat(page.items()).hasSize(1);
        assertThat(page.stats().consumedCapacity().orElseThrow()).isPositive();
    }

    @Test
    void theClientTalksToTheTestServer() {
        assertThat(client.serviceClientConfiguration().endpointOverride()).hasValue(DynamoDbEndpoint.shared().uri());
    }

    @Test
    void theContextHasItsOwnProvisionedTables() {
        assertThat(rentals.table()).matches("t[0-9a-f]{8}-rentals");
        assertThat(client.describeTable(r -> r.tableName(rentals.table())).table().tableStatus())
                .isEqualTo(TableStatus.ACTIVE);
        rentals.post(Map.of("state", "TX", "name", "Texas"));
        assertThat(rentals.get(KeyValues.of("state", "TX"))).hasValueSatisfying(
                texas -> assertThat(texas).containsEntry("name", "Texas").containsEntry("kind", "state"));
    }
}
