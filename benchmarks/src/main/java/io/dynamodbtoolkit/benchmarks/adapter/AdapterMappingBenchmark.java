package io.dynamodbtoolkit.benchmarks.adapter;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.WriteOptions;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Per-item cost of the Adapter against the SDK Enhanced client doing the same work over the same
 * {@link TableSchema} and the same in-process canned transport (no network, no HTTP): item mapping, the toolkit's
 * prepare and revive steps, expressions and request building.
 *
 * <ul>
 *   <li>unconditional write: {@code adapter.putForce(order)} vs {@code table.putItem(order)}</li>
 *   <li>create-only write: {@code adapter.post(order)} vs {@code table.putItem} with
 *       {@code attribute_not_exists(customerId)}</li>
 *   <li>read by key and map: {@code adapter.get(key)} vs {@code table.getItem(key)}, with keys built once; and
 *       with each call's key built from the key values, as an application does with a key it was given</li>
 * </ul>
 * A write that adds nothing to the item (as here: the table's own keys, no managed fields) returns the caller's
 * object; {@link #schemaMapToItem()} measures the mapping back that other writes add, to read the ratios by.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class AdapterMappingBenchmark {

    private static final String TABLE = "orders";

    private BenchmarkOrder order;
    private KeyValues adapterKey;
    private Key enhancedKey;
    private Adapter<BenchmarkOrder> adapter;
    private DynamoDbTable<BenchmarkOrder> table;
    private PutItemEnhancedRequest<BenchmarkOrder> putIfAbsent;
    private TableSchema<BenchmarkOrder> schema;
    private Map<String, AttributeValue> stored;

    @Setup
    public void setUp() {
        schema = TableSchema.fromBean(BenchmarkOrder.class);
        order = BenchmarkOrder.sample();
        stored = schema.itemToMap(order, true);
        CannedDynamoDbClient transport = new CannedDynamoDbClient(stored);

        KeyModel keys = KeyModel.builder().keyFields("customerId", "orderId").build();
        adapter = Adapter.create(AdapterDeclaration.builder(ItemMapper.of(schema)).table(TABLE).keys(keys).build(),
                transport);
        adapterKey = KeyValues.of("customerId", order.getCustomerId(), "orderId", order.getOrderId());

        table = DynamoDbEnhancedClient.builder().dynamoDbClient(transport).build().table(TABLE, schema);
        enhancedKey = Key.builder().partitionValue(order.getCustomerId()).sortValue(order.getOrderId()).build();
        putIfAbsent = PutItemEnhancedRequest.builder(BenchmarkOrder.class).item(order)
                .conditionExpression(Expression.builder().expression("attribute_not_exists(#pk)")
                        .putExpressionName("#pk", "customerId").build())
                .build();
    }

    @Benchmark
    public Object enhancedPutItem() {
        table.putItem(order);
        return order;
    }

    @Benchmark
    public BenchmarkOrder adapterPutForce() {
        return adapter.putForce(order);
    }

    /** The same write as {@link #enhancedPutItem()} does: the written item is not mapped back (it is never read). */
    @Benchmark
    public Object adapterPutForceResult() {
        return adapter.putForce(order, WriteOptions.defaults());
    }

    @Benchmark
    public Object enhancedPutItemIfAbsent() {
        table.putItem(putIfAbsent);
        return order;
    }

    @Benchmark
    public BenchmarkOrder adapterPost() {
        return adapter.post(order);
    }

    /** Reference: the schema mapping an attribute map to an item, the step the Adapter's writes add. */
    @Benchmark
    public BenchmarkOrder schemaMapToItem() {
        return schema.mapToItem(stored);
    }

    @Benchmark
    public BenchmarkOrder enhancedGetItem() {
        return table.getItem(enhancedKey);
    }

    @Benchmark
    public Optional<BenchmarkOrder> adapterGet() {
        return adapter.get(adapterKey);
    }

    /** The key of each call built from its values, as an application does with a key it was given. */
    @Benchmark
    public BenchmarkOrder enhancedGetItemByValues() {
        return table.getItem(Key.builder().partitionValue(order.getCustomerId()).sortValue(order.getOrderId()).build());
    }

    /** The key of each call built from its values; see {@link #enhancedGetItemByValues()}. */
    @Benchmark
    public Optional<BenchmarkOrder> adapterGetByValues() {
        return adapter.get(KeyValues.of("customerId", order.getCustomerId(), "orderId", order.getOrderId()));
    }
}
