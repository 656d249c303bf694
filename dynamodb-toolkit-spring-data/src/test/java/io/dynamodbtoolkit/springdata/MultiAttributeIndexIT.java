package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.stores.Store;
import io.dynamodbtoolkit.springdata.stores.StoreRepository;
import io.dynamodbtoolkit.springdata.stores.StoreRepository.Location;
import io.dynamodbtoolkit.springdata.stores.Stores;
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
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Derived methods and sparse-index reads through a repository on a native multi-attribute global index (partition
 * country + region, sort city + size): equalities left to right, then one range or prefix, in the index's key order,
 * paged by cursor; every read is one key seek on the index that returns every item it reads.
 */
@DynamoDbTest
class MultiAttributeIndexIT {

    private static AnnotationConfigApplicationContext context;
    private static StoreRepository stores;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = StoreRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = StoreRepository.class))
    static class StoresConfiguration {
    }

    /** Skips a sort attribute of the index, which no key condition can do. */
    @AdapterName(Stores.ADAPTER)
    interface SkipsTheCity extends HierarchicalRepository<Store> {
        List<Store> findByCountryAndRegionAndSize(String country, String region, int size);
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = MultiAttributeIndexIT.class,
            considerNestedRepositories = true, includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE,
            classes = SkipsTheCity.class))
    static class SkipsTheCityConfiguration {
    }

    @BeforeAll
    static void loadStores(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<?> declaration = Stores.declaration(tables.uniqueName("stores"));
        TableProvisioner.of(client).create(declaration);
        context = SpringContexts.start(client, StoresConfiguration.class, beans -> beans.registerBean(
                "storesDeclaration", AdapterDeclaration.class, () -> declaration));
        stores = context.getBean(StoreRepository.class);
        Stores.rows().forEach(stores::insert);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void equalitiesOnThePartitionAttributesReadTheIndexInItsSortOrder(RequestLog log) {
        assertThat(ids(stores.findByCountryAndRegion("US", "TX"))).containsExactly("s1", "s6", "s2", "s7", "s3");
        assertThat(ids(stores.findByCountryAndRegion("US", "CA"))).containsExactly("s4");

        QueryRequest query = log.calls("Query").get(0).request(QueryRequest.class);
        assertThat(query.indexName()).isEqualTo("by-location");
        assertThat(query.keyConditionExpression()).isEqualTo("#n0 = :v0 AND #n1 = :v1");
        assertThat(query.filterExpression()).isNull();
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void sortAttributesTakeEqualitiesLeftToRightThenOneRangeOrPrefix(RequestLog log) {
        assertThat(ids(stores.findByCountryAndRegionAndCity("US", "TX", "Austin"))).containsExactly("s1", "s6", "s2");
        assertThat(ids(stores.findByCountryAndRegionAndCityAndSizeGreaterThanEqual("US", "TX", "Austin", 200)))
                .containsExactly("s6", "s2");
        assertThat(ids(stores.findByCountryAndRegionAndCityStartingWith("US", "TX", "Dal")))
                .containsExactly("s7", "s3");
        assertThat(stores.findByCountryAndRegionAndCityAndSizeBetween("US", "TX", "Austin", 150, 250))
                .extracting(Location::getSize).containsExactly(200);

        assertThat(log.calls("Query")).allSatisfy(call -> {
            QueryRequest query = call.request(QueryRequest.class);
            assertThat(query.indexName()).isEqualTo("by-location");
            assertThat(query.filterExpression()).isNull();
        });
        assertThat(log.calls("Query").get(1).request(QueryRequest.class).keyConditionExpression())
                .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND #n2 = :v2 AND #n3 >= :v3");
        assertThat(log.calls("Query").get(2).request(QueryRequest.class).keyConditionExpression())
                .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND begins_with(#n2, :v2)");
        log.assertNoReadAmplification();
    }

    @Test
    void orderByTheSortAttributesReversesTheRead(RequestLog log) {
        assertThat(ids(stores.findByCountryAndRegionOrderByCityDescSizeDesc("US", "TX")))
                .containsExactly("s3", "s7", "s2", "s6", "s1");
        assertThat(log.calls("Query").get(0).request(QueryRequest.class).scanIndexForward()).isFalse();
        log.assertNoReadAmplification();
    }

    @Test
    void windowsPageTheIndexByCursorInBothDirections(RequestLog log) {
        assertThat(scroll(Sort.unsorted())).containsExactly("s1", "s6", "s2", "s7", "s3");
        assertThat(scroll(Sort.by(Sort.Direction.DESC, "city", "size"))).containsExactly("s3", "s7", "s2", "s6", "s1");

        List<String> members = new ArrayList<>();
        Window<Store> window = stores.findInSparseIndexByLocation("US", "TX", ScrollPosition.keyset(), Limit.of(3));
        window.forEach(store -> members.add(store.storeId()));
        while (window.hasNext()) {
            window = stores.findInSparseIndexByLocation("US", "TX", window.positionAt(window.size() - 1),
                    Limit.of(3));
            window.forEach(store -> members.add(store.storeId()));
        }
        assertThat(members).containsExactly("s1", "s6", "s2", "s7", "s3");
        assertThat(ids(stores.findInSparseIndexByCity("US", "TX", "Dallas"))).containsExactly("s3");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isEqualTo("by-location"));
        log.assertNoReadAmplification();
    }

    @Test
    void itemPagesCountsAndExistenceUseTheSameSeek(RequestLog log) {
        ItemPage<Store> first = stores.findByCountryAndRegionAndCity("US", "TX", "Austin",
                ListOptions.defaults().withLimit(2));
        ItemPage<Store> second = stores.findByCountryAndRegionAndCity("US", "TX", "Austin",
                ListOptions.defaults().withLimit(2).withCursor(first.nextCursor()));

        assertThat(ids(first.items())).containsExactly("s1", "s6");
        assertThat(ids(second.items())).containsExactly("s2");
        assertThat(first.stats().amplification()).isEqualTo(1.0);
        assertThat(stores.countByCountryAndRegion("US", "TX")).isEqualTo(5);
        assertThat(stores.existsByCountryAndRegionAndCity("US", "CA", "Austin")).isTrue();
        assertThat(stores.existsByCountryAndRegionAndCity("US", "CA", "Dallas")).isFalse();
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isEqualTo("by-location"));
        log.assertNoReadAmplification();
    }

    @Test
    void aConditionSkippingASortAttributeIsRefusedAtStartUp(DynamoDbClient client) {
        assertThatThrownBy(() -> SpringContexts.start(client, SkipsTheCityConfiguration.class, beans -> beans
                .registerBean("storesDeclaration", AdapterDeclaration.class, () -> Stores.declaration("stores-x"))))
                .rootCause().isInstanceOf(DeclarationException.class)
                .hasMessageContaining("SkipsTheCity.findByCountryAndRegionAndSize(String, String, int)")
                .hasMessageContaining("@AllowScan");
    }

    private static List<String> scroll(Sort sort) {
        List<String> seen = new ArrayList<>();
        Window<Store> window = stores.findByCountryAndRegion("US", "TX", ScrollPosition.keyset(), Limit.of(2), sort);
        window.forEach(store -> seen.add(store.storeId()));
        while (window.hasNext()) {
            window = stores.findByCountryAndRegion("US", "TX", window.positionAt(window.size() - 1), Limit.of(2),
                    sort);
            window.forEach(store -> seen.add(store.storeId()));
        }
        return seen;
    }

    private static List<String> ids(List<Store> found) {
        return found.stream().map(Store::storeId).toList();
    }
}
