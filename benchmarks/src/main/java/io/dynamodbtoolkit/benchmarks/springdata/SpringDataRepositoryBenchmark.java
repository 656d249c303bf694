package io.dynamodbtoolkit.benchmarks.springdata;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.EntityItemMapper;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The cost of the repository layer: {@code repository.findUnder(state, facility)} against the same subtree read
 * made directly on the Adapter with the same entity mapping ({@link #adapterWithEntityMapper}), all answered by a
 * canned-response client in the same process, for a page of 10 and of 100 items. {@link #adapterWithDocuments} (untyped
 * maps) shows the share of the entity mapping itself. The ratio repository / adapterWithEntityMapper is the figure
 * reported in README.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SpringDataRepositoryBenchmark {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin")
            .structuralKey("_sk").technicalPrefix("_").versionField("_version").build();
    private static final SubtreeQuery DALLAS = SubtreeQuery.children(KeyValues.of("state", "TX", "facility",
            "Dallas"));

    /** Items per page: a small page shows the fixed cost per call, a large one the cost per item. */
    @Param({"10", "100"})
    public int items;

    private AnnotationConfigApplicationContext context;
    private VehicleRepository repository;
    private Adapter<BenchmarkVehicle> entities;
    private Adapter<Map<String, Object>> documents;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = VehicleRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = VehicleRepository.class))
    static class Repositories {
    }

    /** Builds the canned page, the adapters and the Spring context. */
    @Setup(Level.Trial)
    public void setUp() {
        DynamoDbClient client = new CannedQueryClient(page(items));
        AdapterDeclaration<Map<String, Object>> declaration = AdapterDeclaration.builder(ItemMapper.documents())
                .name("vehicles").table("vehicles").keys(KEYS).build();
        documents = Adapter.create(declaration, client);
        entities = documents.withMapper(EntityItemMapper.of(BenchmarkVehicle.class, KEYS,
                new MappingDynamoDbConverter(new DynamoDbMappingContext())));
        context = new AnnotationConfigApplicationContext();
        context.registerBean("dynamoDbClient", DynamoDbClient.class, () -> client);
        context.registerBean("vehiclesAdapter", Adapter.class, () -> documents);
        context.register(Repositories.class);
        context.refresh();
        repository = context.getBean(VehicleRepository.class);
        if (repository.findUnder("TX", "Dallas").size() != items || direct().size() != items) {
            throw new IllegalStateException("The two calls must read the same items");
        }
    }

    /** Closes the context. */
    @TearDown(Level.Trial)
    public void tearDown() {
        context.close();
    }

    /** @return the vehicles through the repository proxy */
    @Benchmark
    public List<BenchmarkVehicle> repository() {
        return repository.findUnder("TX", "Dallas");
    }

    /** @return the same vehicles read directly on the adapter with the same entity mapper */
    @Benchmark
    public List<BenchmarkVehicle> adapterWithEntityMapper() {
        return direct();
    }

    /** @return the same items as untyped maps */
    @Benchmark
    public List<Map<String, Object>> adapterWithDocuments() {
        return documents.list(DALLAS, ListOptions.defaults()).items();
    }

    private List<BenchmarkVehicle> direct() {
        return entities.list(DALLAS, ListOptions.defaults()).items();
    }

    private static QueryResponse page(int size) {
        List<Map<String, AttributeValue>> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            String vin = String.format("1HGC%04d", i);
            items.add(Map.of("state", AttributeValue.fromS("TX"), "facility", AttributeValue.fromS("Dallas"),
                    "vin", AttributeValue.fromS(vin), "_sk", AttributeValue.fromS("TX|Dallas|" + vin),
                    "make", AttributeValue.fromS("Honda"), "dailyRate", AttributeValue.fromN("49.90"),
                    "seats", AttributeValue.fromN("5"), "_version", AttributeValue.fromN("1")));
        }
        return QueryResponse.builder().items(items).count(size).scannedCount(size).build();
    }
}
