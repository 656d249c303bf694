package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalPageRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
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
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Query methods returning the adapter's {@link ItemPage}, paged by a {@link ListOptions} parameter, against a real
 * server: every page is walked by its cursor in both directions, and each page tells what it cost (items returned
 * against items read, capacity) and which key condition was sent.
 */
@DynamoDbTest
class RentalItemPagesIT {

    private static final String DALLAS_VEHICLES = "state = \"TX\" AND begins_with(_sk, \"TX|Dallas|\")";

    private static AnnotationConfigApplicationContext context;
    private static RentalPageRepository rentals;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalPageRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalPageRepository.class))
    static class PagesConfiguration {
    }

    @BeforeAll
    static void loadRentals(DynamoDbClient client, TestTables tables) {
        String table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, PagesConfiguration.class, beans -> {
            beans.registerBean("rentalsDeclaration", AdapterDeclaration.class, () -> Rentals.declaration(table));
            beans.registerBean(AdapterOptions.class, () -> AdapterOptions.defaults().withCapacityReporting(true));
        });
        rentals = context.getBean(RentalPageRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void findUnderWalksEveryPageByCursorInBothDirections(RequestLog log) {
        ListOptions twoAPage = ListOptions.defaults().withLimit(2);

        List<ItemPage<Vehicle>> ascending = walk(options -> rentals.findUnder("TX", "Dallas", options), twoAPage);
        List<ItemPage<Vehicle>> descending = walk(options -> rentals.findUnder("TX", "Dallas", options),
                twoAPage.inDescendingOrder());

        assertThat(ascending.get(0).items()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(itemsOf(ascending)).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        assertThat(descending.get(0).items()).extracting(Vehicle::vin).containsExactly("5YJ30003", "1HGC0002");
        assertThat(itemsOf(descending)).extracting(Vehicle::vin).containsExactly("5YJ30003", "1HGC0002", "1HGC0001");
        assertThat(itemsOf(ascending).get(0).version()).isEqualTo(1L);
        List<ItemPage<Vehicle>> pages = new ArrayList<>(ascending);
        pages.addAll(descending);
        assertThat(pages).allSatisfy(page -> {
            assertThat(page.stats().requests()).isEqualTo(1);
            assertThat(page.stats().returned()).isEqualTo(readFor(page)).isEqualTo(page.stats().scanned());
            assertThat(page.stats().amplification()).isEqualTo(1.0);
            assertThat(page.stats().capacityUnits()).isPositive();
            assertThat(page.description()).isEqualTo(DALLAS_VEHICLES);
        });
        assertThat(log.calls("Query")).hasSize(pages.size()).allSatisfy(call -> assertThat(call.request(
                QueryRequest.class).filterExpression()).isNull());
        log.assertNoReadAmplification();
    }

    @Test
    void aCursorResumesOnlyTheQueryAndDirectionThatIssuedIt() {
        ItemPage<Vehicle> first = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(1));
        ListOptions resumed = ListOptions.defaults().withLimit(1).withCursor(first.nextCursor());

        assertThat(rentals.findUnder("TX", "Dallas", resumed).items()).extracting(Vehicle::vin)
                .containsExactly("1HGC0002");
        assertThatThrownBy(() -> rentals.findUnder("TX", "Austin", resumed))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasCauseInstanceOf(InvalidCursorException.class);
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", resumed.inDescendingOrder()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasCauseInstanceOf(InvalidCursorException.class);
    }

    /**
     * @return the items DynamoDB returned for a page: its own, and where more follow the one item beyond it that the
     *         read takes to know so
     */
    private static long readFor(ItemPage<?> page) {
        return page.items().size() + (page.nextCursor() == null ? 0 : 1);
    }

    @Test
    void selfAndUnderPagesAreExactAcrossTheSelfRowAndTheChildren(RequestLog log) {
        List<ItemPage<RentalRow>> pages = walk(options -> rentals.findSelfAndUnder("TX", "Dallas", options),
                ListOptions.defaults().withLimit(2));

        List<RentalRow> rows = itemsOf(pages);
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).isEqualTo(new Facility("TX", "Dallas", "Dallas", null, 1L));
        assertThat(rows.subList(1, 4)).extracting(row -> ((Vehicle) row).vin())
                .containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        assertThat(pages).allSatisfy(page -> {
            assertThat(page.stats().returned()).isEqualTo(readFor(page)).isEqualTo(page.stats().scanned());
            assertThat(page.description()).contains("_sk = \"TX|Dallas\"").contains(DALLAS_VEHICLES);
        });
        log.assertNoReadAmplification();
    }

    @Test
    void aPartialPrefixPagesWithTheListOptionsInAnyParameterPosition(RequestLog log) {
        List<ItemPage<RentalRow>> pages = walk(options -> rentals.findByPartial(options, "TX", "Dal"),
                ListOptions.defaults().withLimit(3));

        assertThat(itemsOf(pages)).hasSize(7);
        assertThat(pages.get(0).items()).hasSize(3);
        assertThat(pages.get(0).description()).isEqualTo("state = \"TX\" AND begins_with(_sk, \"TX|Dal\")");
        log.assertNoReadAmplification();
    }

    @Test
    void sparseIndexPagesWalkTheIndexBothWays(RequestLog log) {
        ListOptions oneAPage = ListOptions.defaults().withLimit(1);

        List<ItemPage<Vehicle>> cheapestFirst = walk(options -> rentals.findInSparseIndexByMake("Toyota", options),
                oneAPage);
        List<ItemPage<Vehicle>> dearestFirst = walk(options -> rentals.findInSparseIndexByMake("Toyota", options),
                oneAPage.inDescendingOrder());

        assertThat(itemsOf(cheapestFirst)).extracting(Vehicle::vin).containsExactly("JT0004", "JT0005");
        assertThat(itemsOf(dearestFirst)).extracting(Vehicle::vin).containsExactly("JT0005", "JT0004");
        assertThat(cheapestFirst.get(0).description()).isEqualTo("make = \"Toyota\"");
        assertThat(cheapestFirst.get(0).stats().returned()).isEqualTo(2).isEqualTo(cheapestFirst.get(0).stats()
                .scanned());
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isEqualTo("by-make"));

        ItemPage<Facility> facilities = rentals.findInSparseIndexOfFacilities(ListOptions.defaults().withLimit(10));
        assertThat(facilities.items()).extracting(Facility::facility)
                .containsExactlyInAnyOrder("Dallas", "Dallasville", "Austin", "Tulsa");
        assertThat(facilities.items()).allSatisfy(facility -> assertThat(facility.city()).isNotNull());
        assertThat(facilities.description()).isEqualTo("_facilityMarker = \"Y\"");
        assertThat(facilities.stats().returned()).isEqualTo(4).isEqualTo(facilities.stats().scanned());

        assertThat(rentals.findInSparseIndexNamed("by-make", KeyValues.of("make", "Honda"),
                ListOptions.defaults()).items()).hasSize(2);
        log.assertNoReadAmplification();
    }

    @Test
    void derivedMethodsReturnThePageOfTheirKeySeek(RequestLog log) {
        List<ItemPage<RentalRow>> dallas = walk(options -> rentals.findByStateAndFacility("TX", "Dallas", options),
                ListOptions.defaults().withLimit(3));

        assertThat(itemsOf(dallas)).hasSize(4).noneMatch(row -> row instanceof Facility facility
                && facility.facility().equals("Dallasville"));
        assertThat(dallas.get(0).items()).hasSize(3);
        assertThat(dallas).allSatisfy(page -> assertThat(page.stats().returned()).isEqualTo(page.stats().scanned()));

        ItemPage<Vehicle> hondas = rentals.findByMakeAndDailyRateBetween(ListOptions.defaults().inDescendingOrder(),
                "Honda", new BigDecimal("40"), new BigDecimal("60"));
        assertThat(hondas.items()).extracting(Vehicle::vin).containsExactly("1HGC0002", "1HGC0001");
        assertThat(hondas.nextCursor()).isNull();
        assertThat(hondas.description()).isEqualTo("make = \"Honda\" AND dailyRate BETWEEN 40 AND 60");
        log.assertNoReadAmplification();
    }

    @Test
    void aPageOfAnAllowScanMethodShowsWhatItReadAndDidNotReturn() {
        ItemPage<RentalRow> red = rentals.findByStateAndColor("TX", Vehicle.Color.RED, ListOptions.defaults());

        assertThat(red.items()).extracting(row -> ((Vehicle) row).vin()).containsExactly("5YJ30003");
        assertThat(red.stats().returned()).isEqualTo(1);
        assertThat(red.stats().scanned()).isEqualTo(10);
        assertThat(red.stats().amplification()).isEqualTo(10.0);
        assertThat(red.description()).startsWith("state = \"TX\"").contains(" FILTER ").contains("\"RED\"");
    }

    @Test
    void theListOptionsCountOffsetAndReadConsistently(RequestLog log) {
        ItemPage<Vehicle> counted = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(1)
                .countingTotal());
        assertThat(counted.total()).hasValue(3);
        assertThat(counted.stats().requests()).isEqualTo(2);

        ItemPage<Vehicle> second = rentals.findUnder("TX", "Dallas", ListOptions.defaults().withLimit(1)
                .withOffset(1).consistently());
        assertThat(second.items()).extracting(Vehicle::vin).containsExactly("1HGC0002");
        assertThat(log.calls("Query")).last().satisfies(call -> assertThat(call.request(QueryRequest.class)
                .consistentRead()).isTrue());

        ItemPage<Vehicle> everything = rentals.findUnder("TX", "Dallas", ListOptions.defaults());
        assertThat(everything.items()).hasSize(3);
        assertThat(everything.nextCursor()).isNull();
    }

    @Test
    void listOptionsThatWouldBypassTheDeclarationAreRefused() {
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", null))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("The ListOptions argument is null");
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", ListOptions.defaults().withFields("make")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("whole entities").hasMessageContaining("[make]");
        ListOptions filtered = ListOptions.defaults().withFilter(FilterSpec.of(FieldRule.string("make"))
                .parse(List.of("eq-make=Honda")));
        assertThatThrownBy(() -> rentals.findUnder("TX", "Dallas", filtered))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("carry a filter").hasMessageContaining("@AllowScan");
    }

    /** @return every page of a read, following each page's cursor until there is none */
    private static <T> List<ItemPage<T>> walk(Function<ListOptions, ItemPage<T>> read, ListOptions first) {
        List<ItemPage<T>> pages = new ArrayList<>();
        ItemPage<T> page = read.apply(first);
        pages.add(page);
        while (page.nextCursor() != null) {
            assertThat(pages).as("pages walked").hasSizeLessThan(20);
            page = read.apply(first.withCursor(page.nextCursor()));
            pages.add(page);
        }
        return pages;
    }

    private static <T> List<T> itemsOf(List<ItemPage<T>> pages) {
        return pages.stream().flatMap(page -> page.items().stream()).toList();
    }
}
