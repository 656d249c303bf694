package io.dynamodbtoolkit.embedded.differential;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.Clients;
import io.dynamodbtoolkit.test.server.BackendSettings;
import io.dynamodbtoolkit.test.server.DynamoDbServer;
import io.dynamodbtoolkit.test.server.MotoServerProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the same seeded random operation sequences (with expressions, with the legacy parameters, with PartiQL)
 * against the embedded engine and against moto_server, and compares every answer (canonically: numbers by value, sets and unordered results sorted). Differences that are
 * moto's known deviations from DynamoDB are normalised by {@link MotoDeviations}, each with its reason.
 *
 * <p>System properties: {@code dynamodb.toolkit.differential.seed} (first seed, default 20261130),
 * {@code dynamodb.toolkit.differential.runs} (sequences, default 3 with expressions, 2 for the legacy parameters and
 * PartiQL), {@code dynamodb.toolkit.differential.steps} (operations per sequence, default 300, and 150 for the legacy
 * parameters and PartiQL, whose moto answers are slower). Skipped when moto cannot be started, unless
 * {@code dynamodb.toolkit.differential.require-moto=true}.
 */
class DifferentialIT {

    private static EmbeddedDynamoDb embedded;
    private static DynamoDbServer moto;
    private static DynamoDbClient embeddedClient;
    private static DynamoDbClient motoClient;

    @BeforeAll
    static void startServers() throws Exception {
        MotoServerProvider provider = new MotoServerProvider();
        BackendSettings settings = BackendSettings.fromSystem();
        boolean required = Boolean.getBoolean("dynamodb.toolkit.differential.require-moto");
        if (!required) {
            assumeTrue(provider.isAvailable(settings), () -> "moto is not available: "
                    + provider.availability(settings));
        }
        moto = provider.start(settings);
        embedded = EmbeddedDynamoDb.start();
        motoClient = Clients.noRetries(moto.endpoint());
        embeddedClient = Clients.noRetries(embedded.endpoint());
    }

    @AfterAll
    static void stopServers() {
        for (AutoCloseable closeable : new AutoCloseable[]{embeddedClient, motoClient, embedded, moto}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static void createTable(DynamoDbClient client, String table) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(attribute("pk", ScalarAttributeType.S), attribute("sk", ScalarAttributeType.N),
                        attribute("gpk", ScalarAttributeType.S), attribute("gsk", ScalarAttributeType.S),
                        attribute("rank", ScalarAttributeType.N))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName(ScenarioGenerator.GLOBAL_INDEX)
                        .keySchema(key("gpk", KeyType.HASH), key("gsk", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName(ScenarioGenerator.LOCAL_INDEX)
                        .keySchema(key("pk", KeyType.HASH), key("rank", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()));
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    @Test
    void randomSequencesWithExpressionsAnswerAlikeOnEmbeddedAndMoto() {
        compare((seed, table, steps) -> new ScenarioGenerator(seed, table).steps(steps), 3, 300);
    }

    @Test
    void randomSequencesWithLegacyParametersAnswerAlikeOnEmbeddedAndMoto() {
        compare((seed, table, steps) -> new LegacyScenarioGenerator(seed, table).steps(steps), 2, 150);
    }

    @Test
    void randomSequencesOfPartiqlStatementsAnswerAlikeOnEmbeddedAndMoto() {
        compare((seed, table, steps) -> new PartiqlScenarioGenerator(seed, table).steps(steps), 2, 150);
    }

    /** Makes the steps of one seeded sequence on one table. */
    @FunctionalInterface
    private interface Scenario {
        List<Step> steps(long seed, String table, int count);
    }

    /** Runs the scenario's sequences (as many, and as long, as the system properties say, else the defaults). */
    private static void compare(Scenario scenario, int defaultRuns, int defaultSteps) {
        long firstSeed = Long.getLong("dynamodb.toolkit.differential.seed", 20261130L);
        int runs = Integer.getInteger("dynamodb.toolkit.differential.runs", defaultRuns);
        int stepCount = Integer.getInteger("dynamodb.toolkit.differential.steps", defaultSteps);
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (int run = 0; run < runs; run++) {
            long seed = firstSeed + run;
            String table = "differential-" + seed + "-" + System.nanoTime();
            createTable(embeddedClient, table);
            createTable(motoClient, table);
            for (Step step : scenario.steps(seed, table, stepCount)) {
                String expected = step.run(embeddedClient);
                String actual = step.run(motoClient);
                compared++;
                if (!MotoDeviations.equivalent(step, expected, actual)) {
                    differences.add("seed " + seed + ", step " + step.description() + "\n  embedded: " + expected
                            + "\n  moto:     " + actual);
                    break;
                }
            }
            embeddedClient.deleteTable(b -> b.tableName(table));
            motoClient.deleteTable(b -> b.tableName(table));
        }
        assertThat(differences).as("%d steps compared", compared).isEmpty();
    }
}
