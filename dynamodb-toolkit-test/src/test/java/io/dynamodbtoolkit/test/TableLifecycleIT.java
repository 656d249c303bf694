package io.dynamodbtoolkit.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * Runs sample test classes through the JUnit Platform test kit and checks when their tables exist: class tables
 * until the class ends, method tables until the method ends, also when the method fails.
 */
class TableLifecycleIT {

    @Test
    void tablesLiveAsLongAsTheScopeTheyWereCreatedIn() {
        LifecycleSample.reset();

        EngineExecutionResults results = TestKitSample.Runner.run(Map.of(), LifecycleSample.class);

        assertThat(TestKitSample.Runner.failures(results)).singleElement().asString()
                .startsWith("failsAfterCreatingATable(TestTables): java.lang.AssertionError: deliberate failure");
        results.testEvents().assertStatistics(stats -> stats.started(5).succeeded(4).failed(1));
        assertThat(LifecycleSample.observations).containsOnly(
                Map.entry("method table ACTIVE inside its test", true),
                Map.entry("class table alive in a later test", true),
                Map.entry("table created on another thread alive in a later test", true),
                Map.entry("earlier test's table gone", true),
                Map.entry("earlier test's uniqueName table gone", true),
                Map.entry("earlier @BeforeEach table gone", true),
                Map.entry("own @BeforeEach table alive", true),
                Map.entry("failed test's table gone", true),
                Map.entry("nested and outer class tables alive in nested test", true),
                Map.entry("nested class table gone after the nested class", true),
                Map.entry("class table alive in @AfterAll", true));
        assertThat(LifecycleSample.created).as("1 class, 5 @BeforeEach, 4 in tests, 1 nested class").hasSize(11);
        assertThat(Tables.stillExisting(LifecycleSample.created)).as("tables left behind").isEmpty();
    }

    @Test
    void tableNamesCarryTheBaseTheTestClassAndARandomSuffix() {
        LifecycleSample.reset();

        TestKitSample.Runner.run(Map.of(), LifecycleSample.class);

        assertThat(LifecycleSample.classTable).matches("class-LifecycleSample-[a-z0-9]{8}");
        assertThat(LifecycleSample.created).doesNotHaveDuplicates();
    }

    @Test
    void programmaticRegistrationGivesTheSameScopes() {
        ProgrammaticSample.reset();

        EngineExecutionResults results = TestKitSample.Runner.run(Map.of(), ProgrammaticSample.class);

        assertThat(TestKitSample.Runner.failures(results)).isEmpty();
        results.testEvents().assertStatistics(stats -> stats.started(2).succeeded(2));
        assertThat(ProgrammaticSample.observations).containsOnly(
                Map.entry("log holds only this test's calls", true),
                Map.entry("class table alive, first test's table gone", true));
        assertThat(Tables.stillExisting(ProgrammaticSample.created)).as("tables left behind").isEmpty();
    }

    @TestKitSample
    @DynamoDbTest
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LifecycleSample {

        static final List<String> created = Collections.synchronizedList(new ArrayList<>());
        static final Map<String, Boolean> observations = new ConcurrentHashMap<>();
        static final List<String> beforeEachTables = Collections.synchronizedList(new ArrayList<>());
        static String classTable;
        static String methodTable;
        static String uniqueNameTable;
        static String otherThreadTable;
        static String failedTestTable;
        static String nestedClassTable;

        static void reset() {
            created.clear();
            observations.clear();
            beforeEachTables.clear();
        }

        private static String remember(String table) {
            created.add(table);
            return table;
        }

        @BeforeAll
        static void createClassTable(TestTables tables) {
            classTable = remember(tables.create(Tables.simple("class")));
        }

        @BeforeEach
        void createBeforeEachTable(TestTables tables) {
            beforeEachTables.add(remember(tables.create(Tables.simple("each"))));
        }

        @Test
        @Order(1)
        void createsTablesInsideTheTest(TestTables tables, DynamoDbClient client) {
            methodTable = remember(tables.create(Tables.simple("method")));
            observations.put("method table ACTIVE inside its test",
                    client.describeTable(request -> request.tableName(methodTable)).table().tableStatus()
                            == TableStatus.ACTIVE);
            uniqueNameTable = remember(tables.uniqueName("provisioned"));
            client.createTable(Tables.simple("ignored").customize(request -> request.tableName(uniqueNameTable))::applyTo);
            otherThreadTable = remember(CompletableFuture.supplyAsync(() -> tables.create(Tables.simple("thread")))
                    .join());
        }

        @Test
        @Order(2)
        void seesWhatTheFirstTestLeft(DynamoDbClient client) {
            var existing = Tables.existing(client);
            observations.put("class table alive in a later test", existing.contains(classTable));
            observations.put("table created on another thread alive in a later test",
                    existing.contains(otherThreadTable));
            observations.put("earlier test's table gone", !existing.contains(methodTable));
            observations.put("earlier test's uniqueName table gone", !existing.contains(uniqueNameTable));
            observations.put("earlier @BeforeEach table gone", !existing.contains(beforeEachTables.get(0)));
            observations.put("own @BeforeEach table alive", existing.contains(beforeEachTables.get(1)));
        }

        @Test
        @Order(3)
        void failsAfterCreatingATable(TestTables tables) {
            failedTestTable = remember(tables.create(Tables.simple("failing")));
            fail("deliberate failure: its table must still be dropped");
        }

        @Test
        @Order(4)
        void seesThatTheFailedTestsTableIsGone(DynamoDbClient client) {
            observations.put("failed test's table gone", !Tables.existing(client).contains(failedTestTable));
        }

        @AfterAll
        static void checkBeforeTheClassTablesAreDropped(DynamoDbClient client) {
            var existing = Tables.existing(client);
            observations.put("class table alive in @AfterAll", existing.contains(classTable));
            observations.put("nested class table gone after the nested class", !existing.contains(nestedClassTable));
        }

        @Nested
        @TestInstance(TestInstance.Lifecycle.PER_CLASS)
        class NestedSample {

            @BeforeAll
            void createNestedClassTable(TestTables tables) {
                nestedClassTable = remember(tables.create(TableSpec.named("nested")
                        .partitionKey("pk", ScalarAttributeType.N)));
            }

            @Test
            void seesBothClassTables(DynamoDbClient client) {
                var existing = Tables.existing(client);
                observations.put("nested and outer class tables alive in nested test",
                        existing.contains(nestedClassTable) && existing.contains(classTable));
            }
        }
    }

    @TestKitSample
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class ProgrammaticSample {

        @RegisterExtension
        static DynamoDbExtension dynamo = DynamoDbExtension.create();

        static final List<String> created = Collections.synchronizedList(new ArrayList<>());
        static final Map<String, Boolean> observations = new ConcurrentHashMap<>();
        static String classTable;
        static String firstTestTable;

        static void reset() {
            created.clear();
            observations.clear();
        }

        @BeforeAll
        static void createClassTable() {
            classTable = dynamo.tables().create(Tables.simple("programmatic"));
            created.add(classTable);
            dynamo.client().listTables();
        }

        @Test
        @Order(1)
        void usesTheAccessors() {
            firstTestTable = dynamo.tables().create(Tables.simple("programmatic-method"));
            created.add(firstTestTable);
            dynamo.client().describeTable(request -> request.tableName(classTable));
            observations.put("log holds only this test's calls", dynamo.requestLog().calls().stream()
                    .map(RecordedCall::operation).toList().equals(List.of("DescribeTable")));
        }

        @Test
        @Order(2)
        void seesTheScopes() {
            var existing = Tables.existing(dynamo.client());
            observations.put("class table alive, first test's table gone",
                    existing.contains(classTable) && !existing.contains(firstTestTable));
        }
    }
}
