package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemAlreadyExistsException;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassProgress;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Metrics and observations of the adapters' calls against a real server. */
@DynamoDbTest
class AdapterMetricsIT {

    private static final AutoConfigurations METRICS = AutoConfigurations.of(MetricsAutoConfiguration.class,
            CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
            ObservationAutoConfiguration.class, DynamoDbToolkitMetricsAutoConfiguration.class);

    private static ApplicationContextRunner runner(String table) {
        return ToolkitRunners.toolkit().withConfiguration(METRICS).withPropertyValues(
                "dynamodb.toolkit.adapters.rentals.table=" + table,
                "dynamodb.toolkit.adapters.rentals.key-fields=state,facility",
                "dynamodb.toolkit.adapters.rentals.structural-key=_sk",
                "dynamodb.toolkit.adapters.rentals.filters.color=string",
                "dynamodb.toolkit.provisioning=create");
    }

    @Test
    void everyCallIsTimedAndReadAmplificationAndCapacityAreVisible(TestTables tables) {
        String table = tables.uniqueName("rentals");
        runner(table).run(context -> {
            assertThat(context).hasNotFailed();
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
            rentals.post(item("state", "TX"));
            rentals.post(item("state", "TX", "facility", "Dallas", "color", "red"));
            rentals.post(item("state", "TX", "facility", "Austin", "color", "blue"));
            assertThatThrownBy(() -> rentals.post(item("state", "TX"))).isInstanceOf(ItemAlreadyExistsException.class);
            List<Map<String, Object>> red = rentals.list(SubtreeQuery.children(KeyValues.of("state", "TX")),
                    ListOptions.defaults().withFilter(rentals.declaration().filters().parse(List.of("eq-color=red"))))
                    .items();
            assertThat(red).singleElement().satisfies(item -> assertThat(item).containsEntry("facility", "Dallas"));

            MeterRegistry meters = context.getBean(MeterRegistry.class);
            Timer puts = meters.get(AdapterCallMetrics.OPERATION).tags("adapter", "rentals", "table", table,
                    "operation", "PutItem", "outcome", "success", "error", "none").timer();
            assertThat(puts.count()).isEqualTo(3);
            Timer conflicts = meters.get(AdapterCallMetrics.OPERATION).tags("operation", "PutItem", "outcome",
                    "error", "error", "ConditionalCheckFailedException").timer();
            assertThat(conflicts.count()).isEqualTo(1);
            assertThat(meters.get(AdapterCallMetrics.OPERATION).tags("operation", "Query").timer().count())
                    .isEqualTo(1);
            DistributionSummary returned = meters.get(AdapterCallMetrics.RETURNED).tags("adapter", "rentals",
                    "operation", "Query").summary();
            DistributionSummary scanned = meters.get(AdapterCallMetrics.SCANNED).tags("adapter", "rentals",
                    "operation", "Query").summary();
            assertThat(returned.totalAmount()).isEqualTo(1);
            assertThat(scanned.totalAmount()).isEqualTo(2);
            assertThat(meters.get(AdapterCallMetrics.CAPACITY).tags("operation", "PutItem").summary().totalAmount())
                    .isPositive();
            assertThat(meters.find(AdapterCallMetrics.OPERATION).tags("operation", "CreateTable").timer()).isNull();
        });
    }

    @Test
    void callsToOtherTablesAreNotMeasured(TestTables tables) {
        String table = tables.uniqueName("rentals");
        String other = tables.create("other", t -> t
                .keySchema(k -> k.attributeName("id").keyType(software.amazon.awssdk.services.dynamodb.model.KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S")));
        runner(table).run(context -> {
            context.getBean(DynamoDbClient.class).getItem(r -> r.tableName(other)
                    .key(Map.of("id", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("x"))));
            assertThat(context.getBean(MeterRegistry.class).find(AdapterCallMetrics.OPERATION).timers()).isEmpty();
        });
    }

    @Test
    void consumedCapacityIsNotAskedForWhenTurnedOff(TestTables tables) {
        String table = tables.uniqueName("rentals");
        runner(table).withPropertyValues("dynamodb.toolkit.metrics.consumed-capacity=false").run(context -> {
            @SuppressWarnings("unchecked")
            Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
            rentals.post(item("state", "TX"));
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.get(AdapterCallMetrics.OPERATION).tags("operation", "PutItem").timer().count())
                    .isEqualTo(1);
            assertThat(meters.find(AdapterCallMetrics.CAPACITY).summary()).isNull();
        });
    }

    @Test
    void massOperationProgressIsPublishedAsGauges(TestTables tables) {
        runner(tables.uniqueName("rentals")).withPropertyValues("dynamodb.toolkit.adapters.rentals.cascades=true",
                "dynamodb.toolkit.adapters.rentals.technical-prefix=_")
                .run(context -> {
                    @SuppressWarnings("unchecked")
                    Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
                    rentals.post(item("state", "TX"));
                    rentals.post(item("state", "TX", "facility", "Dallas"));
                    rentals.post(item("state", "TX", "facility", "Austin"));
                    MassProgressMetrics progress = context.getBean(MassProgressMetrics.class);
                    MassResult result = MassOperations.of(rentals).withListener(progress)
                            .deleteAllUnder(KeyValues.of("state", "TX"), MassOptions.defaults());
                    assertThat(result.processed()).isEqualTo(3);
                    MeterRegistry meters = context.getBean(MeterRegistry.class);
                    assertThat(meters.get(MassProgressMetrics.ITEMS).tags("adapter", "rentals", "operation", "delete",
                            "state", "read").gauge().value()).isEqualTo(3);
                    assertThat(meters.get(MassProgressMetrics.ITEMS).tags("state", "processed").gauge().value())
                            .isEqualTo(3);
                    assertThat(meters.get(MassProgressMetrics.ITEMS).tags("state", "skipped").gauge().value())
                            .isZero();
                    assertThat(meters.get(MassProgressMetrics.ITEMS).tags("state", "failed").gauge().value())
                            .isZero();
                    assertThat(meters.get(MassProgressMetrics.RATE).gauge().value()).isPositive();
                });
    }

    @Test
    void theGaugesShowTheLatestRunOfEachAdapterAndOperation(TestTables tables) {
        runner(tables.uniqueName("rentals")).run(context -> {
            MassProgressMetrics progress = context.getBean(MassProgressMetrics.class);
            progress.onProgress(new MassProgress("rentals", "delete", 250, 240, 6, 4, Duration.ofSeconds(5)));
            progress.onProgress(new MassProgress("orders", "clone", 10, 10, 0, 0, Duration.ofSeconds(1)));
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.get(MassProgressMetrics.ITEMS).tags("adapter", "rentals", "operation", "delete",
                    "state", "failed").gauge().value()).isEqualTo(4);
            assertThat(meters.get(MassProgressMetrics.RATE).tags("adapter", "rentals").gauge().value()).isEqualTo(50);
            assertThat(meters.get(MassProgressMetrics.ITEMS).tags("adapter", "orders", "operation", "clone",
                    "state", "processed").gauge().value()).isEqualTo(10);
        });
    }

    @Test
    void backsOffWhenDisabledOrWithoutMicrometer() {
        runner("rentals").withPropertyValues("dynamodb.toolkit.metrics.enabled=false", "dynamodb.toolkit.provisioning=none")
                .run(context -> assertThat(context).doesNotHaveBean(AdapterCallMetrics.class));
        ToolkitRunners.toolkit().withConfiguration(AutoConfigurations.of(DynamoDbToolkitMetricsAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean(AdapterCallMetrics.class));
        ToolkitRunners.toolkit().withConfiguration(METRICS)
                .withClassLoader(new FilteredClassLoader("io.micrometer.core"))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(AdapterCallMetrics.class));
    }

    @Test
    void withoutSpringBootsObservationSupportCallsAreStillTimed(TestTables tables) {
        ToolkitRunners.toolkit().withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
                DynamoDbToolkitMetricsAutoConfiguration.class)).withPropertyValues(
                        "dynamodb.toolkit.adapters.rentals.table=" + tables.uniqueName("rentals"),
                        "dynamodb.toolkit.adapters.rentals.key-fields=state", "dynamodb.toolkit.provisioning=create")
                .run(context -> {
                    assertThat(context).doesNotHaveBean(io.micrometer.observation.ObservationRegistry.class);
                    @SuppressWarnings("unchecked")
                    Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
                    rentals.post(item("state", "TX"));
                    assertThat(context.getBean(MeterRegistry.class).get(AdapterCallMetrics.OPERATION)
                            .tags("operation", "PutItem").timer().count()).isEqualTo(1);
                });
    }

    @Test
    void backsOffForTheApplicationsMetricsBeans() {
        AdapterCallMetrics calls = new AdapterCallMetrics(new AdapterTables(),
                io.micrometer.observation.ObservationRegistry.NOOP,
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry(), false);
        MassProgressMetrics progress = new MassProgressMetrics(new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
        ToolkitRunners.toolkit().withConfiguration(METRICS).withBean(AdapterCallMetrics.class, () -> calls)
                .withBean(MassProgressMetrics.class, () -> progress).run(context -> {
                    assertThat(context.getBean(AdapterCallMetrics.class)).isSameAs(calls);
                    assertThat(context.getBean(MassProgressMetrics.class)).isSameAs(progress);
                });
    }

    private static Map<String, Object> item(Object... pairs) {
        Map<String, Object> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            item.put((String) pairs[i], pairs[i + 1]);
        }
        return item;
    }
}
