package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.RowState;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleLabel;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleView;
import io.dynamodbtoolkit.springdata.rentals.RentalRepository;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.State;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.FilteringExample;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
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
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Query by example on a {@code HierarchicalRepository}: key seeks on the table's key or an index, a filter only with
 * {@link FilteringExample}, and a refusal (with its fix) for everything DynamoDB cannot serve.
 */
@DynamoDbTest
class QueryByExampleIT {

    /** Every vehicle example ignores {@code seats}, a primitive (always set, as Spring Data treats primitives). */
    private static final ExampleMatcher MATCHING = ExampleMatcher.matching().withIgnorePaths("seats");

    private static AnnotationConfigApplicationContext context;
    private static RentalRepository rentals;
    private static DynamoDbClient raw;
    private static String table;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = RentalRepository.class))
    static class RentalsConfiguration {
    }

    @BeforeAll
    static void loadRentals(DynamoDbClient client, TestTables tables) {
        raw = client;
        table = tables.create(Rentals.TABLE);
        context = SpringContexts.start(client, RentalsConfiguration.class, beans -> beans.registerBean(
                "rentalsDeclaration", AdapterDeclaration.class,
                () -> Rentals.builder(table).searchable("make").build()));
        rentals = context.getBean(RentalRepository.class);
        Rentals.rows().forEach(rentals::insert);
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void keyFieldsOfANodeAreAKeySeekOfTheRowsOfTheExamplesTierUnderIt(RequestLog log) {
        List<Vehicle> dallas = rentals.findAll(Example.of(vehicle("TX", "Dallas", null, null), MATCHING));

        assertThat(dallas).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002", "5YJ30003");
        QueryRequest query = onlyQuery(log);
        assertThat(query.keyConditionExpression()).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(query.filterExpression()).isNull();
        assertThat(query.indexName()).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void aStartingMatchOnTheNextKeyFieldEndsTheKeyCondition(RequestLog log) {
        ExampleMatcher starting = MATCHING.withMatcher("vin", ExampleMatcher.GenericPropertyMatcher::startsWith);

        List<Vehicle> hondas = rentals.findAll(Example.of(vehicle("TX", "Dallas", "1HGC", null), starting));

        assertThat(hondas).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(onlyQuery(log).filterExpression()).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void theKeyFieldsOfADeclaredIndexAreASeekOfTheIndex(RequestLog log) {
        List<Vehicle> toyotas = rentals.findAll(Example.of(vehicle(null, null, null, "Toyota"), MATCHING));

        assertThat(toyotas).extracting(Vehicle::vin).containsExactly("JT0004", "JT0005");
        QueryRequest query = onlyQuery(log);
        assertThat(query.indexName()).isEqualTo("by-make");
        assertThat(query.filterExpression()).isNull();
        log.assertNoReadAmplification();
    }

    @Test
    void otherPropertiesAreRefusedWithoutTheOptIn(RequestLog log) {
        Example<Vehicle> red = Example.of(withColor(vehicle("TX", "Dallas", null, null), Vehicle.Color.RED),
                MATCHING);

        assertThatThrownBy(() -> rentals.findAll(red)).isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessage("Query by example of Vehicle: [color] are not part of its key seek (the rows under the "
                        + "'facility' row), so they would be a FilterExpression, which reads and bills items it does "
                        + "not return. Fix: set the table's key fields from the first, [state, facility, vin], as "
                        + "equalities (the last may be a STARTING match or, on a fixed-width field, any value), or "
                        + "the key fields of index 'by-make' [make] then [dailyRate]; or allow the filter with "
                        + "FilteringExample.of(example)");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void withTheOptInOtherPropertiesAreAFilterAndTheReadAmplificationShows(RequestLog log) {
        Example<Vehicle> red = FilteringExample.of(withColor(vehicle("TX", "Dallas", null, null),
                Vehicle.Color.RED), MATCHING);

        assertThat(rentals.findAll(red)).extracting(Vehicle::vin).containsExactly("5YJ30003");
        RecordedCall call = log.calls("Query").get(0);
        assertThat(call.request(QueryRequest.class).filterExpression()).isNotNull();
        QueryResponse response = call.response(QueryResponse.class);
        assertThat(response.scannedCount()).isEqualTo(3);
        assertThat(response.count()).isEqualTo(1);
        assertThatThrownBy(log::assertNoReadAmplification).isInstanceOf(AssertionError.class);
    }

    @Test
    void anItemPageReportsWhatTheFilterReadAndDropped() {
        Example<Vehicle> red = FilteringExample.of(withColor(vehicle("TX", "Dallas", null, null),
                Vehicle.Color.RED), MATCHING);

        ItemPage<Vehicle> page = rentals.findPage(red, ListOptions.defaults());

        assertThat(page.items()).extracting(Vehicle::vin).containsExactly("5YJ30003");
        assertThat(page.stats().scanned()).isEqualTo(3);
        assertThat(page.stats().returned()).isEqualTo(1);
        assertThat(page.stats().amplification()).isEqualTo(3.0);
        assertThatThrownBy(() -> rentals.findPage(red, ListOptions.defaults().withFields("make")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class).hasMessageContaining("withFields");
    }

    @Test
    void itemPagesOfAKeySeekResumeWithTheirCursor(RequestLog log) {
        Example<Vehicle> dallas = Example.of(vehicle("TX", "Dallas", null, null), MATCHING);

        ItemPage<Vehicle> first = rentals.findPage(dallas, ListOptions.defaults().withLimit(2));
        ItemPage<Vehicle> second = rentals.findPage(dallas, ListOptions.defaults().withLimit(2)
                .withCursor(first.nextCursor()));

        assertThat(first.items()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(second.items()).extracting(Vehicle::vin).containsExactly("5YJ30003");
        assertThat(first.stats().amplification()).isEqualTo(1.0);
        assertThat(first.description()).contains("begins_with(_sk, \"TX|Dallas|\")");
        log.assertNoReadAmplification();
    }

    @Test
    void includedNullsAreMissingAttributesAsAFilter(RequestLog log) {
        ExampleMatcher nullMake = ExampleMatcher.matching().withIncludeNullValues().withIgnorePaths("seats",
                "color", "dailyRate", "features", "createdAt", "modifiedAt");
        Vehicle withoutMake = vehicle("TX", "Dallas", null, null);

        assertThatThrownBy(() -> rentals.findAll(Example.of(withoutMake, nullMake)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageStartingWith("Query by example of Vehicle: [make] are not part of its key seek");
        assertThat(rentals.findAll(FilteringExample.of(withoutMake, nullMake))).isEmpty();
        assertThat(onlyQuery(log).filterExpression()).startsWith("attribute_not_exists(");
    }

    @Test
    void caseInsensitiveMatchesCompareTheSearchMirrorAsAFilter() {
        ExampleMatcher ignoringCase = MATCHING.withIgnoreCase("make");

        assertThat(rentals.findAll(FilteringExample.of(vehicle("TX", "Dallas", null, "HONDA"), ignoringCase)))
                .extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThatThrownBy(() -> rentals.findAll(Example.of(vehicle("TX", "Dallas", "1hgc0001", null),
                MATCHING.withIgnoreCase("vin"))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("property 'vin' is matched with ignoreCase")
                .hasMessageContaining("searchable(\"vin\")");
    }

    @Test
    void matchersDynamoDbCannotExpressAreRefusedNamingThePropertyAndTheMatcher(RequestLog log) {
        Vehicle dallas = vehicle("TX", "Dallas", "0001", null);
        assertThatThrownBy(() -> rentals.findAll(Example.of(dallas, MATCHING.withMatcher("vin",
                ExampleMatcher.GenericPropertyMatcher::endsWith))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("property 'vin' is matched with StringMatcher.ENDING");
        assertThatThrownBy(() -> rentals.findAll(Example.of(dallas, MATCHING.withMatcher("vin",
                ExampleMatcher.GenericPropertyMatcher::regex))))
                .hasMessageContaining("property 'vin' is matched with StringMatcher.REGEX");
        assertThatThrownBy(() -> rentals.findAll(Example.of(vehicle("TX", "Dallas", null, "Honda"),
                ExampleMatcher.matchingAny().withIgnorePaths("seats"))))
                .hasMessageContaining("matchingAny() joins the conditions on [state, facility, make] with OR");
        Vehicle withFeatures = new Vehicle("TX", "Dallas", null, null, null, null, 0, Set.of("gps"), null, null,
                null);
        assertThatThrownBy(() -> rentals.findAll(Example.of(withFeatures, MATCHING)))
                .hasMessageContaining("property 'features' is matched with a value of");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void anExampleWithoutAKeySeekIsRefusedEvenWithTheOptIn(RequestLog log) {
        Vehicle red = withColor(vehicle(null, null, null, null), Vehicle.Color.RED);

        assertThatThrownBy(() -> rentals.findAll(FilteringExample.of(red, MATCHING)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("sets [color] but no key seek serves it: it would Scan the table")
                .hasMessageContaining("Fix: set the table's key fields from the first, [state, facility, vin]");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void aSeekReturningRowsTheExamplesTypeCannotHoldIsRefusedAndANodesKeyReadsItsRowAlone() {
        assertThatThrownBy(() -> rentals.findAll(Example.of(vehicle("TX", null, null, null), MATCHING)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("returned as [State, Facility, Vehicle], which Vehicle cannot all hold")
                .hasMessageEndingWith("Fix: set [state, facility] to read the Vehicle rows under their parent, or "
                        + "[state, facility, vin] to read one");
        List<State> oklahoma = rentals.findAll(Example.of(new State("OK", null, null)));
        assertThat(oklahoma).extracting(State::name).containsExactly("Oklahoma");
        List<Facility> tulsa = rentals.findAll(Example.of(new Facility("OK", "Tulsa", null, null, null)));
        assertThat(tulsa).extracting(Facility::city).containsExactly("Tulsa");
    }

    @Test
    void sortsFollowTheKeyOrderOnly(RequestLog log) {
        Example<Vehicle> dallas = Example.of(vehicle("TX", "Dallas", null, null), MATCHING);

        assertThat(rentals.findAll(dallas, Sort.by(Sort.Direction.DESC, "vin"))).extracting(Vehicle::vin)
                .containsExactly("5YJ30003", "1HGC0002", "1HGC0001");
        assertThat(onlyQuery(log).scanIndexForward()).isFalse();
        assertThatThrownBy(() -> rentals.findAll(dallas, Sort.by("make")))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("sorting by 'make' would need an in-memory sort");
    }

    @Test
    void theFluentFormsPageWithCursorsCountAndTellExistence(RequestLog log) {
        Example<Vehicle> dallas = Example.of(vehicle("TX", "Dallas", null, null), MATCHING);

        Window<Vehicle> first = rentals.findBy(dallas, query -> query.limit(2).scroll(ScrollPosition.keyset()));
        assertThat(first.getContent()).extracting(Vehicle::vin).containsExactly("1HGC0001", "1HGC0002");
        assertThat(first.hasNext()).isTrue();
        Window<Vehicle> second = rentals.findBy(dallas, query -> query.limit(2).scroll(first.positionAt(1)));
        assertThat(second.getContent()).extracting(Vehicle::vin).containsExactly("5YJ30003");

        Page<Vehicle> page = rentals.findAll(dallas, PageRequest.of(1, 2));
        assertThat(page.getContent()).extracting(Vehicle::vin).containsExactly("5YJ30003");
        assertThat(page.getTotalElements()).isEqualTo(3);
        assertThat(rentals.count(dallas)).isEqualTo(3);
        assertThat(rentals.exists(dallas)).isTrue();
        assertThat(rentals.exists(Example.of(vehicle("TX", "Nowhere", null, null), MATCHING))).isFalse();
        Optional<Vehicle> firstOfDallas = rentals.findBy(dallas, query -> query.first());
        assertThat(firstOfDallas).map(Vehicle::vin).contains("1HGC0001");
        assertThat(rentals.findOne(Example.of(vehicle("TX", "Dallas", "5YJ30003", null), MATCHING)))
                .map(Vehicle::make).contains("Tesla");
        List<RentalRow> asRows = rentals.findBy(dallas, query -> query.as(RentalRow.class).all());
        assertThat(asRows).hasSize(3);
        log.assertNoReadAmplification();
    }

    @Test
    void asAnInterfaceOrADtoProjectsTheRowsOfEveryFluentFormReadWhole(RequestLog log) {
        Example<Vehicle> dallas = Example.of(vehicle("TX", "Dallas", null, null), MATCHING);
        List<String> rawDallas = rawVinsAndMakes("TX|Dallas|");

        List<VehicleSummary> summaries = rentals.findBy(dallas, query -> query.as(VehicleSummary.class).all());
        assertThat(summaries).extracting(summary -> summary.getVin() + " " + summary.getMake()).isEqualTo(rawDallas)
                .hasSize(3);
        List<VehicleView> views = rentals.findBy(dallas, query -> query.as(VehicleView.class).stream()
                .collect(Collectors.toList()));
        assertThat(views).extracting(view -> view.vin() + " " + view.make()).isEqualTo(rawDallas);
        assertThat(views.get(0).dailyRate()).isEqualByComparingTo(new BigDecimal("49.90"));
        assertThat(views.get(0).seats()).isEqualTo(5);
        Optional<VehicleLabel> label = rentals.findBy(dallas, query -> query.as(VehicleLabel.class).first());
        assertThat(label).map(VehicleLabel::getLabel).contains("Honda 1HGC0001");
        Optional<VehicleView> one = rentals.findBy(Example.of(vehicle("TX", "Dallas", "5YJ30003", null), MATCHING),
                query -> query.as(VehicleView.class).one());
        assertThat(one).map(VehicleView::make).contains("Tesla");
        Page<VehicleView> page = rentals.findBy(dallas, query -> query.as(VehicleView.class)
                .page(PageRequest.of(1, 2)));
        assertThat(page.getContent()).extracting(VehicleView::vin).containsExactly("5YJ30003");
        assertThat(page.getTotalElements()).isEqualTo(3);
        Slice<VehicleSummary> slice = rentals.findBy(dallas, query -> query.as(VehicleSummary.class)
                .sortBy(Sort.by(Sort.Direction.DESC, "vin")).slice(PageRequest.of(0, 2)));
        assertThat(slice.getContent()).extracting(VehicleSummary::getVin).containsExactly("5YJ30003", "1HGC0002");
        assertThat(slice.hasNext()).isTrue();
        Window<VehicleView> first = rentals.findBy(dallas, query -> query.as(VehicleView.class).limit(2)
                .scroll(ScrollPosition.keyset()));
        Window<VehicleView> second = rentals.findBy(dallas, query -> query.as(VehicleView.class).limit(2)
                .scroll(first.positionAt(1)));
        assertThat(Stream.concat(first.stream(), second.stream()).map(view -> view.vin() + " " + view.make()))
                .isEqualTo(rawDallas);
        long counted = rentals.findBy(dallas, query -> query.as(VehicleSummary.class).count());
        assertThat(counted).isEqualTo(3);

        assertThat(log.calls("Query")).isNotEmpty().allSatisfy(call -> {
            assertThat(call.request(QueryRequest.class).projectionExpression()).isNull();
            assertThat(call.request(QueryRequest.class).filterExpression()).isNull();
        });
        log.assertNoReadAmplification();
    }

    @Test
    void aProjectionOfAFilteringExampleKeepsItsFilterAndTheReadAmplificationShows(RequestLog log) {
        Example<Vehicle> red = FilteringExample.of(withColor(vehicle("TX", "Dallas", null, null),
                Vehicle.Color.RED), MATCHING);

        List<VehicleSummary> reds = rentals.findBy(red, query -> query.as(VehicleSummary.class).all());

        assertThat(reds).extracting(VehicleSummary::getVin).containsExactly("5YJ30003");
        QueryResponse response = log.calls("Query").get(0).response(QueryResponse.class);
        assertThat(response.scannedCount()).isEqualTo(3);
        assertThat(response.count()).isEqualTo(1);
        assertThatThrownBy(log::assertNoReadAmplification).isInstanceOf(AssertionError.class);
    }

    @Test
    void aProjectionTheRowsCannotBeMadeIntoIsRefusedNamingWhatTheyLack(RequestLog log) {
        Example<Facility> dallas = Example.of(new Facility("TX", "Dallas", null, null, null));

        assertThatThrownBy(() -> rentals.findBy(dallas, query -> query.as(VehicleSummary.class).all()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessage("Query by example of Facility: as(VehicleSummary): the query reads the 'facility' row, "
                        + "which returns rows as [Facility], but its interface projection VehicleSummary cannot be "
                        + "made from [Facility]: Facility has no properties [vin, make]. Fix: pass a type every one "
                        + "of [Facility] can be returned as (a supertype of them, or an interface or DTO projection "
                        + "of properties they all have)");
        assertThatThrownBy(() -> rentals.findBy(dallas, query -> query.as(VehicleView.class).all()))
                .hasMessageContaining("DTO projection VehicleView cannot be made from [Facility]: Facility has no "
                        + "properties [vin, make, dailyRate, seats]");
        assertThat(log.calls()).isEmpty();
        List<RowState> states = rentals.findBy(dallas, query -> query.as(RowState.class).all());
        assertThat(states).extracting(RowState::getState).containsExactly("TX");
    }

    @Test
    void projectionsOfSomePropertiesAndTypesThatHoldNoRowAreRefused() {
        Example<Vehicle> dallas = Example.of(vehicle("TX", "Dallas", null, null), MATCHING);

        assertThatThrownBy(() -> rentals.findBy(dallas, query -> query.project("make").all()))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("project(make) would read entities in part")
                .hasMessageContaining("return the rows as a projection with as(...)");
        assertThatThrownBy(() -> rentals.findBy(dallas, query -> query.as(String.class).all()))
                .hasMessageContaining("as(String): the query reads the rows under the 'facility' row, which returns "
                        + "rows as [Vehicle], but its element type String cannot hold [Vehicle]");
    }

    private static Vehicle vehicle(String state, String facility, String vin, String make) {
        return new Vehicle(state, facility, vin, make, null, null, 0, null, null, null, null);
    }

    private static Vehicle withColor(Vehicle vehicle, Vehicle.Color color) {
        return new Vehicle(vehicle.state(), vehicle.facility(), vehicle.vin(), vehicle.make(), color,
                vehicle.dailyRate(), vehicle.seats(), vehicle.features(), null, null, null);
    }

    /** @return "vin make" of each row a raw Query of the table reads under a sort key prefix of TX, in key order */
    private static List<String> rawVinsAndMakes(String prefix) {
        return raw.query(QueryRequest.builder().tableName(table)
                .keyConditionExpression("#state = :state AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#state", "state", "#sk", "_sk"))
                .expressionAttributeValues(Map.of(":state", AttributeValue.fromS("TX"), ":prefix",
                        AttributeValue.fromS(prefix))).build())
                .items().stream().map(item -> item.get("vin").s() + " " + item.get("make").s()).toList();
    }

    private static QueryRequest onlyQuery(RequestLog log) {
        List<RecordedCall> queries = log.calls("Query");
        assertThat(queries).hasSize(1);
        return queries.get(0).request(QueryRequest.class);
    }
}
