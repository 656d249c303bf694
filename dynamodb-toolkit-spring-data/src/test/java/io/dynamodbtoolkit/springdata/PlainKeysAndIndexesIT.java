package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.orders.Order;
import io.dynamodbtoolkit.springdata.orders.OrderRepository;
import io.dynamodbtoolkit.springdata.orders.Reading;
import io.dynamodbtoolkit.springdata.orders.ReadingRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TableSpec;
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
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Derived methods on a plain pk/sk table and on a global index (status + creation time, the seed's "newest open
 * orders"), and ranges on a fixed-width number tier of a structural key: all key seeks against a real server.
 */
@DynamoDbTest
class PlainKeysAndIndexesIT {

    private static final Instant T0 = Instant.parse("2026-07-01T00:00:00Z");

    private static AnnotationConfigApplicationContext context;
    private static OrderRepository orders;
    private static ReadingRepository readings;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = OrderRepository.class, includeFilters = @Filter(
            type = FilterType.ASSIGNABLE_TYPE, classes = {OrderRepository.class, ReadingRepository.class}))
    static class OrdersConfiguration {
    }

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        String ordersTable = tables.create(TableSpec.named("orders").partitionKey("customerId", ScalarAttributeType.S)
                .sortKey("orderId", ScalarAttributeType.S).globalIndex("by-status", "status", ScalarAttributeType.S,
                        "createdAt", ScalarAttributeType.S, ProjectionType.ALL)
                .localIndex("by-total", "total", ScalarAttributeType.N, ProjectionType.ALL));
        String readingsTable = tables.create(TableSpec.named("readings")
                .partitionKey("device", ScalarAttributeType.S).sortKey("_sk", ScalarAttributeType.S));
        context = SpringContexts.start(client, OrdersConfiguration.class, beans -> {
            beans.registerBean("ordersDeclaration", AdapterDeclaration.class, () -> AdapterDeclaration
                    .builder(ItemMapper.documents()).name("orders").table(ordersTable)
                    .keys(KeyModel.builder().keyFields("customerId", "orderId").build())
                    .indexes(IndexDeclaration.global("by-status").partitionKey("status").sortKey("createdAt")
                            .build(), IndexDeclaration.local("by-total").sortKey("total", ScalarAttributeType.N)
                            .build()).build());
            beans.registerBean("readingsDeclaration", AdapterDeclaration.class, () -> AdapterDeclaration
                    .builder(ItemMapper.documents()).name("readings").table(readingsTable)
                    .keys(KeyModel.builder().keyFields(KeyField.string("device"), KeyField.number("day", 8),
                            KeyField.number("seq", 6)).structuralKey("_sk").build()).build());
        });
        orders = context.getBean(OrderRepository.class);
        readings = context.getBean(ReadingRepository.class);
        for (int i = 1; i <= 6; i++) {
            orders.insert(new Order("C-1", "2026-07-0" + i, i % 2 == 0 ? Order.Status.SHIPPED : Order.Status.OPEN,
                    T0.plusSeconds(3600L * i), new BigDecimal(i + "0.50"), List.of(new Order.Line("sku-" + i, i))));
        }
        orders.insert(new Order("C-2", "2026-07-01", Order.Status.OPEN, T0.plusSeconds(60), BigDecimal.ONE,
                List.of()));
        for (int day : new int[] {20260701, 20260702, 20260703}) {
            for (int seq = 1; seq <= 2; seq++) {
                readings.insert(new Reading("dev-7", day, seq, day + seq / 10.0));
            }
        }
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void plainKeysTakeEveryComparisonOnTheSortKey(RequestLog log) {
        assertThat(orders.findByCustomerIdAndOrderIdStartingWith("C-1", "2026-07-0")).hasSize(6);
        assertThat(orders.findByCustomerIdAndOrderIdBetween("C-1", "2026-07-02", "2026-07-04"))
                .extracting(Order::orderId).containsExactly("2026-07-02", "2026-07-03", "2026-07-04");
        assertThat(orders.findByCustomerId("C-1", Sort.by(Sort.Direction.DESC, "orderId")).get(0).orderId())
                .isEqualTo("2026-07-06");
        Order first = orders.findByCustomerId("C-1", Sort.unsorted()).get(0);
        assertThat(first.lines()).containsExactly(new Order.Line("sku-1", 1));
        assertThat(first.total()).isEqualByComparingTo("10.50");
        log.assertNoReadAmplification();
    }

    @Test
    void aSortOnAnotherAttributeReadsTheIndexWhoseSortKeyMatches(RequestLog log) {
        assertThat(orders.findByCustomerId("C-1", Sort.by("total"))).extracting(Order::total)
                .isSortedAccordingTo(BigDecimal::compareTo);
        assertThat(orders.findByCustomerId("C-1", Sort.by(Sort.Direction.DESC, "total")).get(0).orderId())
                .isEqualTo("2026-07-06");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isEqualTo("by-total"));
        log.assertNoReadAmplification();
    }

    @Test
    void windowsOverAPartition(RequestLog log) {
        Window<Order> window = orders.findUnder("C-1", ScrollPosition.keyset(), Limit.of(4));
        Window<Order> rest = orders.findUnder("C-1", window.positionAt(3), Limit.of(4));

        assertThat(window.getContent()).hasSize(4);
        assertThat(rest.getContent()).extracting(Order::orderId).containsExactly("2026-07-05", "2026-07-06");
        log.assertNoReadAmplification();
    }

    @Test
    void newestOpenOrdersComeFromTheStatusIndex(RequestLog log) {
        List<Order> open = orders.findByStatusAndCreatedAtBetween(Order.Status.OPEN, T0.plusSeconds(3600),
                T0.plusSeconds(5 * 3600));
        assertThat(open).extracting(Order::orderId).containsExactly("2026-07-01", "2026-07-03", "2026-07-05");

        List<Order> newest = orders.findByStatusOrderByCreatedAtDesc(Order.Status.OPEN, Limit.of(2));
        assertThat(newest).extracting(Order::orderId).containsExactly("2026-07-05", "2026-07-03");
        assertThat(log.calls("Query")).allSatisfy(call -> assertThat(call.request(QueryRequest.class).indexName())
                .isEqualTo("by-status"));
        log.assertNoReadAmplification();
    }

    @Test
    void rangesOnAFixedWidthNumberTierAreExact(RequestLog log) {
        assertThat(readings.findByDeviceAndDayBetween("dev-7", 20260702, 20260703)).extracting(Reading::day)
                .containsExactly(20260702, 20260702, 20260703, 20260703);
        assertThat(readings.findByDeviceAndDayGreaterThan("dev-7", 20260702)).extracting(Reading::day)
                .containsOnly(20260703).hasSize(2);
        assertThat(readings.findByDeviceAndDayLessThanEqual("dev-7", 20260701)).extracting(Reading::seq)
                .containsExactly(1, 2);
        assertThat(readings.findByDeviceAndDayAndSeqGreaterThanEqual("dev-7", 20260702, 2)).singleElement()
                .extracting(Reading::value).isEqualTo(20260702.2);
        assertThat(readings.findUnder("dev-7", 20260703)).hasSize(2);
        log.assertNoReadAmplification();
    }
}
