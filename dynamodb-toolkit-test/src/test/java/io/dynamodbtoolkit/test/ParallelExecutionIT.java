package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Runs two sample classes whose test methods all run at the same time, with JUnit's parallel execution enabled. */
class ParallelExecutionIT {

    private static final int METHODS_PER_CLASS = 6;

    @Test
    void concurrentTestsGetTheirOwnClassResourcesAndMethodScopedTables() {
        ConcurrentSampleA.state.reset();
        ConcurrentSampleB.state.reset();

        EngineExecutionResults results = TestKitSample.Runner.run(Map.of(
                "junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.default", "concurrent",
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                "junit.jupiter.execution.parallel.config.strategy", "fixed",
                // more threads than the 12 methods: the class and method containers hold fork-join workers while they
                // wait for their children, and every method must be running before any can go on
                "junit.jupiter.execution.parallel.config.fixed.parallelism", Integer.toString(4 * METHODS_PER_CLASS)),
                ConcurrentSampleA.class, ConcurrentSampleB.class);

        assertThat(TestKitSample.Runner.failures(results)).isEmpty();
        results.testEvents().assertStatistics(stats -> stats.succeeded(2 * METHODS_PER_CLASS));
        for (SampleState state : List.of(ConcurrentSampleA.state, ConcurrentSampleB.state)) {
            assertThat(state.methodTables).hasSize(METHODS_PER_CLASS).doesNotHaveDuplicates();
            assertThat(state.observations).containsOnly(
                    Map.entry("method tables gone, class table alive in @AfterAll", true));
        }
        assertThat(ConcurrentSampleA.state.client).isNotSameAs(ConcurrentSampleB.state.client);
        List<String> all = new ArrayList<>(ConcurrentSampleA.state.allTables());
        all.addAll(ConcurrentSampleB.state.allTables());
        assertThat(Tables.stillExisting(all)).as("tables left behind").isEmpty();
    }

    /** What one sample class saw. */
    static final class SampleState {

        final List<String> methodTables = Collections.synchronizedList(new ArrayList<>());
        final Map<String, Boolean> observations = new ConcurrentHashMap<>();
        volatile CountDownLatch allMethodsRunning;
        volatile String classTable;
        volatile DynamoDbClient client;

        void reset() {
            methodTables.clear();
            observations.clear();
            allMethodsRunning = new CountDownLatch(METHODS_PER_CLASS);
        }

        List<String> allTables() {
            List<String> tables = new ArrayList<>(methodTables);
            tables.add(classTable);
            return tables;
        }

        void createClassTable(TestTables tables, DynamoDbClient client) {
            this.client = client;
            classTable = tables.create(Tables.simple("class"));
        }

        /** Creates a method table, writes and reads it while every other method of the class is running too. */
        void runMethod(TestTables tables, DynamoDbClient client) throws InterruptedException {
            String table = tables.create(Tables.simple("method"));
            methodTables.add(table);
            allMethodsRunning.countDown();
            assertThat(allMethodsRunning.await(30, TimeUnit.SECONDS)).as("all methods run concurrently").isTrue();
            client.putItem(request -> request.tableName(table).item(Map.of("pk", AttributeValue.fromS(table))));
            assertThat(client.scan(request -> request.tableName(table)).items()).hasSize(1);
        }

        void checkAfterAll(DynamoDbClient client) {
            var existing = Tables.existing(client);
            observations.put("method tables gone, class table alive in @AfterAll",
                    methodTables.stream().noneMatch(existing::contains) && existing.contains(classTable));
        }
    }

    /** Six test methods that each create a table while all the others are running too. */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class ConcurrentSample {

        abstract SampleState state();

        @BeforeAll
        void createClassTable(TestTables tables, DynamoDbClient client) {
            state().createClassTable(tables, client);
        }

        @ParameterizedTest
        @ValueSource(ints = {1, 2, 3, 4, 5, 6})
        void method(int number, TestTables tables, DynamoDbClient client) throws InterruptedException {
            state().runMethod(tables, client);
        }

        @AfterAll
        void check(DynamoDbClient client) {
            state().checkAfterAll(client);
        }
    }

    @TestKitSample
    @DynamoDbTest
    @Execution(ExecutionMode.CONCURRENT)
    static class ConcurrentSampleA extends ConcurrentSample {

        static final SampleState state = new SampleState();

        @Override
        SampleState state() {
            return state;
        }
    }

    @TestKitSample
    @DynamoDbTest
    @Execution(ExecutionMode.CONCURRENT)
    static class ConcurrentSampleB extends ConcurrentSample {

        static final SampleState state = new SampleState();

        @Override
        SampleState state() {
            return state;
        }
    }
}
