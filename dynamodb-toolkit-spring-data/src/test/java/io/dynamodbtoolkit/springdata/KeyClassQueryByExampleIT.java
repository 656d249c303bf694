package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.FilteringExample;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactory;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RecordedCall;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Query by example of entities whose {@code @Id} is a key class (a record of the key fields) or a simple id standing
 * for a key field of another name: the id's set fields are key fields like any other, so an id setting leading key
 * fields is a key seek; an id with a gap is refused, naming the key fields that make it a prefix. Each read is
 * compared with a raw Query of the table.
 */
@DynamoDbTest
class KeyClassQueryByExampleIT {

    private static final KeyModel CAR_KEYS = KeyModel.builder().keyFields("state", "facility", "vin")
            .structuralKey("_sk").technicalPrefix("_").build();
    private static final KeyModel DOC_KEYS = KeyModel.builder().keyFields("docId").build();

    private static DynamoDbClient client;
    private static String carTable;
    private static CarRepository cars;
    private static DocRepository docs;

    /**
     * The key of a car.
     *
     * @param state    the state
     * @param facility the facility
     * @param vin      the vehicle identification number
     */
    public record CarKey(String state, String facility, String vin) {
    }

    /**
     * A car, keyed by its key class.
     *
     * @param key   the key fields
     * @param make  the make
     * @param color the colour
     */
    public record Car(@Id CarKey key, String make, String color) {
    }

    /**
     * A document whose simple id is stored in the key field {@code docId}.
     *
     * @param id    the id
     * @param title the title
     */
    public record Doc(@Id String id, String title) {
    }

    /** A closed interface projection of cars. */
    public interface CarMake {
        String getMake();
    }

    /**
     * A DTO projection of cars.
     *
     * @param key  the key
     * @param make the make
     */
    public record CarView(CarKey key, String make) {
    }

    interface CarRepository extends HierarchicalRepository<Car> {
    }

    interface DocRepository extends HierarchicalRepository<Doc> {
    }

    @BeforeAll
    static void load(DynamoDbClient recording, TestTables tables) {
        client = recording;
        carTable = tables.create(TableSpec.named("key-class-cars").partitionKey("state", ScalarAttributeType.S)
                .sortKey("_sk", ScalarAttributeType.S).globalIndex("by-make", "make", ScalarAttributeType.S, "vin",
                        ScalarAttributeType.S, ProjectionType.ALL));
        String docTable = tables.create(TableSpec.named("key-class-docs").partitionKey("docId",
                ScalarAttributeType.S));
        MappingDynamoDbConverter converter = new MappingDynamoDbConverter(new DynamoDbMappingContext());
        cars = new DynamoDbToolkitRepositoryFactory(DynamoDbToolkitTemplate.builder(Adapter.create(
                AdapterDeclaration.builder(ItemMapper.documents()).name("cars").table(carTable).keys(CAR_KEYS)
                        .indexes(IndexDeclaration.global("by-make").partitionKey("make").sortKey("vin").build())
                        .build(), client), converter).build()).getRepository(CarRepository.class);
        docs = new DynamoDbToolkitRepositoryFactory(DynamoDbToolkitTemplate.builder(Adapter.create(
                AdapterDeclaration.builder(ItemMapper.documents()).name("docs").table(docTable).keys(DOC_KEYS)
                        .build(), client), converter).build()).getRepository(DocRepository.class);
        List.of(car("TX", "Dallas", "1HGC0001", "Honda", "white"), car("TX", "Dallas", "1HGC0002", "Honda", "black"),
                car("TX", "Dallas", "5YJ30003", "Tesla", "red"), car("TX", "Dallasville", "JT0004", "Toyota", "white"),
                car("TX", "Austin", "WBA0006", "BMW", "black"), car("OK", "Tulsa", "1FT0007", "Ford", "red"))
                .forEach(cars::insert);
        docs.insert(new Doc("d1", "Hello"));
        docs.insert(new Doc("d2", "World"));
    }

    @Test
    void anIdSettingLeadingKeyFieldsIsAKeySeekOfTheNodeAndTheRowsUnderIt(RequestLog log) {
        List<Car> dallas = cars.findAll(Example.of(car("TX", "Dallas", null, null, null)));

        assertThat(log.calls("Query")).extracting(call -> call.request(QueryRequest.class).keyConditionExpression())
                .containsExactly("#n0 = :v0 AND #n1 = :v1", "#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .filterExpression()).isNull());
        log.assertNoReadAmplification();
        assertThat(dallas).extracting(found -> found.key().vin()).containsExactly("1HGC0001", "1HGC0002", "5YJ30003")
                .isEqualTo(rawVins("TX", "TX|Dallas|"));
        assertThat(dallas.get(2)).isEqualTo(car("TX", "Dallas", "5YJ30003", "Tesla", "red"));
    }

    @Test
    void aWholeIdReadsItsRowTheFirstKeyFieldItsPartitionAndAStartingMatchEndsTheKeyCondition(RequestLog log) {
        assertThat(cars.findOne(Example.of(car("TX", "Dallas", "5YJ30003", null, null)))).map(Car::make)
                .contains("Tesla");
        assertThat(cars.findAll(Example.of(car("TX", null, null, null, null))))
                .extracting(found -> found.key().vin()).isEqualTo(rawVins("TX", "TX|")).hasSize(5);
        ExampleMatcher starting = ExampleMatcher.matching().withMatcher("key.vin",
                ExampleMatcher.GenericPropertyMatcher::startsWith);
        assertThat(cars.findAll(Example.of(car("TX", "Dallas", "1HGC", null, null), starting)))
                .extracting(found -> found.key().vin()).isEqualTo(rawVins("TX", "TX|Dallas|1HGC"))
                .containsExactly("1HGC0001", "1HGC0002");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class)
                .filterExpression()).isNull());
        assertThat(cars.findAll(Example.of(car(null, null, null, "Toyota", null)))).extracting(Car::key)
                .containsExactly(new CarKey("TX", "Dallasville", "JT0004"));
        log.assertNoReadAmplification();
    }

    @Test
    void anIdWithAGapIsRefusedNamingTheKeyFieldsThatMakeItAPrefix(RequestLog log) {
        assertThatThrownBy(() -> cars.findAll(Example.of(car("TX", null, "1HGC0001", null, null))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessage("Query by example of Car: its @Id 'key' sets [state, vin], which is no prefix of the key "
                        + "fields [state, facility, vin] (a key seek takes them from the first, without a gap). Fix: "
                        + "set [facility] too, or leave [vin] unset; or match [vin] as a filter with "
                        + "FilteringExample.of(example)");
        assertThatThrownBy(() -> cars.findAll(FilteringExample.of(car(null, null, "1HGC0001", null, null))))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessage("Query by example of Car: its @Id 'key' sets [vin], which is no prefix of the key fields "
                        + "[state, facility, vin] (a key seek takes them from the first, without a gap). Fix: set "
                        + "[state, facility] too, or leave [vin] unset");
        assertThat(log.calls()).isEmpty();
    }

    @Test
    void aFilteringExampleMatchesWhatTheSeekLeavesAndTheReadAmplificationShows() {
        ItemPage<Car> gapped = cars.findPage(FilteringExample.of(car("TX", null, "1HGC0001", null, null)),
                ListOptions.defaults());
        assertThat(gapped.items()).extracting(Car::make).containsExactly("Honda");
        assertThat(gapped.stats().scanned()).isEqualTo(rawVins("TX", "TX|").size());
        assertThat(gapped.stats().returned()).isEqualTo(1);

        ItemPage<Car> hondas = cars.findPage(FilteringExample.of(car("TX", "Dallas", null, "Honda", null)),
                ListOptions.defaults());
        assertThat(hondas.items()).extracting(found -> found.key().vin()).containsExactly("1HGC0001", "1HGC0002");
        assertThat(hondas.stats().scanned()).isEqualTo(3);
        assertThat(hondas.stats().amplification()).isEqualTo(1.5);
    }

    @Test
    void theFluentFormsPageScrollCountAndProject(RequestLog log) {
        Example<Car> dallas = Example.of(car("TX", "Dallas", null, null, null));

        Window<Car> first = cars.findBy(dallas, query -> query.limit(2).scroll(ScrollPosition.keyset()));
        Window<Car> second = cars.findBy(dallas, query -> query.limit(2).scroll(first.positionAt(1)));
        assertThat(first.getContent()).extracting(found -> found.key().vin()).containsExactly("1HGC0001",
                "1HGC0002");
        assertThat(second.getContent()).extracting(found -> found.key().vin()).containsExactly("5YJ30003");
        Page<CarView> page = cars.findBy(dallas, query -> query.as(CarView.class).page(PageRequest.of(1, 2)));
        assertThat(page.getContent()).containsExactly(new CarView(new CarKey("TX", "Dallas", "5YJ30003"), "Tesla"));
        assertThat(page.getTotalElements()).isEqualTo(3);
        List<CarMake> makes = cars.findBy(dallas, query -> query.as(CarMake.class).all());
        assertThat(makes).extracting(CarMake::getMake).containsExactly("Honda", "Honda", "Tesla");
        assertThat(cars.count(dallas)).isEqualTo(3);
        assertThat(cars.exists(Example.of(car("TX", "Nowhere", null, null, null)))).isFalse();
        log.assertNoReadAmplification();
    }

    @Test
    void aSimpleIdStandsForTheKeyFieldItIsStoredIn(RequestLog log) {
        assertThat(docs.findAll(Example.of(new Doc("d2", null)))).containsExactly(new Doc("d2", "World"));
        assertThat(onlyQuery(log).keyConditionExpression()).isEqualTo("#n0 = :v0");
        log.assertNoReadAmplification();
    }

    private static Car car(String state, String facility, String vin, String make, String color) {
        return new Car(new CarKey(state, facility, vin), make, color);
    }

    /** @return the vins a raw Query of the car table reads, of a partition and a sort key prefix, in key order */
    private static List<String> rawVins(String state, String prefix) {
        return client.query(QueryRequest.builder().tableName(carTable)
                .keyConditionExpression("#state = :state AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#state", "state", "#sk", "_sk"))
                .expressionAttributeValues(Map.of(":state", AttributeValue.fromS(state), ":prefix",
                        AttributeValue.fromS(prefix))).build())
                .items().stream().map(item -> item.get("vin").s()).toList();
    }

    private static QueryRequest onlyQuery(RequestLog log) {
        List<RecordedCall> queries = log.calls("Query");
        assertThat(queries).hasSize(1);
        return queries.get(0).request(QueryRequest.class);
    }
}
