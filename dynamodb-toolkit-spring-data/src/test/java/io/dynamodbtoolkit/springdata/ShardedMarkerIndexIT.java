package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.rentals.Fleet;
import io.dynamodbtoolkit.springdata.rentals.FleetRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.domain.Limit;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Repository reads of a sharded per-tier marker index ({@code all-vehicles}: 16 shards, sorted by vin, projecting the
 * make only): {@code findInSparseIndex...} and derived methods on vin fan out one Query per shard and merge them in
 * vin order under one cursor, every vehicle exactly once, forwards and backwards; the index returns every item it
 * reads, and whole vehicles are read back from the table. Paging such an index by offset (a Slice or a Page) is
 * refused at start-up: its merged shards cannot be skipped into.
 */
@DynamoDbTest
class ShardedMarkerIndexIT {

    private static AnnotationConfigApplicationContext context;
    private static FleetRepository fleet;
    private static List<String> vins;
    private static volatile Class<?> selected;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = FleetRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = FleetRepository.class))
    static class FleetConfiguration {
    }

    /** Pages the sharded index by offset. */
    @AdapterName(Fleet.ADAPTER)
    interface PagesTheShardedIndex extends HierarchicalRepository<RentalRow> {
        @IndexName("all-vehicles")
        Page<Vehicle> findInSparseIndexOfVehicles(Pageable pageable);
    }

    /** Slices a derived read that only the sharded index serves. */
    @AdapterName(Fleet.ADAPTER)
    interface SlicesTheShardedIndex extends HierarchicalRepository<RentalRow> {
        Slice<Vehicle> findByVinStartingWith(String prefix, Pageable pageable);
    }

    /** Includes only the repository the running test selected. */
    static class SelectedRepository implements TypeFilter {
        @Override
        public boolean match(MetadataReader reader, MetadataReaderFactory factory) {
            return selected != null && reader.getClassMetadata().getClassName().equals(selected.getName());
        }
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = ShardedMarkerIndexIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.CUSTOM,
            classes = SelectedRepository.class))
    static class SelectedConfiguration {
    }

    @BeforeAll
    static void loadFleet(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<?> declaration = Fleet.declaration(tables.uniqueName("fleet"));
        TableProvisioner.of(client).create(declaration);
        context = SpringContexts.start(client, FleetConfiguration.class, beans -> beans.registerBean(
                "fleetDeclaration", AdapterDeclaration.class, () -> declaration));
        fleet = context.getBean(FleetRepository.class);
        Fleet.rows().forEach(fleet::insert);
        vins = Fleet.rows().stream().filter(Vehicle.class::isInstance).map(row -> ((Vehicle) row).vin()).sorted()
                .toList();
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void windowsListEveryVehicleOnceInVinOrderAcrossTheShards(RequestLog log) {
        assertThat(vins).hasSize(60);
        List<String> reversed = new ArrayList<>(vins);
        Collections.reverse(reversed);

        assertThat(scroll(Sort.unsorted(), 7)).containsExactlyElementsOf(vins);
        assertThat(scroll(Sort.by(Sort.Direction.DESC, "vin"), 7)).containsExactlyElementsOf(reversed);

        Set<String> shards = log.calls("Query").stream().map(call -> call.request(QueryRequest.class))
                .peek(query -> assertThat(query.indexName()).isEqualTo("all-vehicles"))
                .map(query -> query.expressionAttributeValues().get(":v0").s())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(shards).hasSize(Fleet.SHARDS).contains("Y#0", "Y#15");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .filterExpression()).isNull());
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void aWindowResumesFromAnyPositionInsideIt(RequestLog log) {
        Window<Vehicle> first = fleet.findInSparseIndexOfVehicles(ScrollPosition.keyset(), Limit.of(5),
                Sort.unsorted());
        Window<Vehicle> fromThird = fleet.findInSparseIndexOfVehicles(first.positionAt(2), Limit.of(5),
                Sort.unsorted());

        assertThat(first.getContent()).extracting(Vehicle::vin).containsExactlyElementsOf(vins.subList(0, 5));
        assertThat(fromThird.getContent()).extracting(Vehicle::vin).containsExactlyElementsOf(vins.subList(3, 8));
        assertThat(first.getContent().get(0).make()).isNotNull();
        assertThat(first.getContent().get(0).dailyRate()).isEqualByComparingTo("40");
        log.assertNoReadAmplification();
    }

    @Test
    void itemPagesWalkTheShardsByCursorInBothDirections(RequestLog log) {
        for (boolean descending : new boolean[] {false, true}) {
            List<String> seen = new ArrayList<>();
            String cursor = null;
            do {
                ListOptions options = ListOptions.defaults().withLimit(11).withCursor(cursor);
                ItemPage<Vehicle> page = fleet.findInSparseIndexOfVehicles(descending ? options.inDescendingOrder()
                        : options);
                assertThat(page.items().size()).isLessThanOrEqualTo(11);
                assertThat(page.stats().amplification()).isEqualTo(1.0);
                page.items().forEach(vehicle -> seen.add(vehicle.vin()));
                cursor = page.nextCursor();
            } while (cursor != null);
            List<String> expected = new ArrayList<>(vins);
            if (descending) {
                Collections.reverse(expected);
            }
            assertThat(seen).containsExactlyElementsOf(expected);
        }
        log.assertNoReadAmplification();
    }

    @Test
    void derivedConditionsOnTheSortKeySeekEveryShard(RequestLog log) {
        assertThat(fleet.findByVinStartingWith("V10")).extracting(Vehicle::vin)
                .containsExactlyElementsOf(vins.subList(20, 30));
        assertThat(fleet.findByVinBetween("V0005", "V0102")).extracting(Vehicle::vin)
                .containsExactlyElementsOf(vins.subList(5, 13));
        assertThat(fleet.countByVinStartingWith("V2")).isEqualTo(20);
        assertThat(fleet.findAllByOrderByVinDesc(Limit.of(3))).extracting(Vehicle::vin)
                .containsExactly(vins.get(59), vins.get(58), vins.get(57));

        assertThat(log.calls("Query")).allSatisfy(call -> {
            QueryRequest query = call.request(QueryRequest.class);
            assertThat(query.indexName()).isEqualTo("all-vehicles");
            assertThat(query.filterExpression()).isNull();
        });
        assertThat(log.calls("Query").get(0).request(QueryRequest.class).keyConditionExpression())
                .isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void offsetPagingOfTheShardedIndexIsRefusedAtStartUp(DynamoDbClient client) {
        assertThatThrownBy(() -> startWith(client, PagesTheShardedIndex.class)).rootCause()
                .isInstanceOf(DeclarationException.class)
                .hasMessageContaining("PagesTheShardedIndex.findInSparseIndexOfVehicles(Pageable)")
                .hasMessageContaining("it returns a Page, whose later pages skip the earlier items by offset, but it "
                        + "reads the sharded index 'all-vehicles'")
                .hasMessageContaining("Fix: return a Window with a ScrollPosition parameter");
        assertThatThrownBy(() -> startWith(client, SlicesTheShardedIndex.class)).rootCause()
                .isInstanceOf(DeclarationException.class)
                .hasMessageContaining("SlicesTheShardedIndex.findByVinStartingWith(String, Pageable)")
                .hasMessageContaining("it returns a Slice");
    }

    @Test
    void aDerivedRangeWindowsAcrossTheShards(RequestLog log) {
        List<String> seen = new ArrayList<>();
        Window<Vehicle> window = fleet.findByVinGreaterThan("V1004", ScrollPosition.keyset(), Limit.of(4));
        window.forEach(vehicle -> seen.add(vehicle.vin()));
        while (window.hasNext()) {
            window = fleet.findByVinGreaterThan("V1004", window.positionAt(window.size() - 1), Limit.of(4));
            window.forEach(vehicle -> seen.add(vehicle.vin()));
        }

        assertThat(seen).containsExactlyElementsOf(vins.subList(25, 60));
        log.assertNoReadAmplification();
    }

    @Test
    void aProjectionOfTheShardedTierStreamsInVinOrder(RequestLog log) {
        try (Stream<VehicleSummary> summaries = fleet.findInSparseIndexOfVehicleSummaries()) {
            assertThat(summaries.map(VehicleSummary::getVin)).containsExactlyElementsOf(vins);
        }
        assertThat(fleet.findInSparseIndex("all-vehicles")).hasSize(60);
        log.assertNoReadAmplification();
    }

    private static void startWith(DynamoDbClient client, Class<?> repository) {
        selected = repository;
        SpringContexts.start(client, SelectedConfiguration.class, beans -> beans.registerBean("fleetDeclaration",
                AdapterDeclaration.class, () -> Fleet.declaration("fleet-x"))).close();
    }

    private static List<String> scroll(Sort sort, int size) {
        List<String> seen = new ArrayList<>();
        Window<Vehicle> window = fleet.findInSparseIndexOfVehicles(ScrollPosition.keyset(), Limit.of(size), sort);
        window.forEach(vehicle -> seen.add(vehicle.vin()));
        while (window.hasNext()) {
            assertThat(window.size()).isEqualTo(size);
            window = fleet.findInSparseIndexOfVehicles(window.positionAt(window.size() - 1), Limit.of(size), sort);
            window.forEach(vehicle -> seen.add(vehicle.vin()));
        }
        return seen;
    }
}
