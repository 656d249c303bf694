package io.dynamodbtoolkit.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** Provisioning round trips: create from a declaration, validate clean, detect and add what is missing. */
@DynamoDbTest
class TableProvisionerIT {

    private static final KeyModel KEYS = KeyModel.builder().keyFields("state", "facility", "vin").structuralKey("_sk")
            .technicalPrefix("_").typeLabels("state", "facility", "vehicle").typeField("kind").build();

    private static AdapterDeclaration<Map<String, Object>> rentals(String table, IndexProjection reviewProjection) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table).keys(KEYS).ttlAttribute("expiresAt")
                .indexes(IndexDeclaration.global("by-kind").partitionKey("kind").sortKey("_sk").build(),
                        IndexDeclaration.global("needs-review").partitionKey("reviewFlag")
                                .sortKey("submittedAt", ScalarAttributeType.N).projection(reviewProjection).build(),
                        IndexDeclaration.global("all-states").partition(MarkerKeyPart.of("_stateMarker", "Y"))
                                .sortKey("state").membership(Membership.types("state")).build(),
                        IndexDeclaration.local("by-make").sortKey("make").projection(IndexProjection.include("model"))
                                .build())
                .build();
    }

    @Test
    void createsFromTheDeclarationAndThenValidatesClean(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = rentals(tables.uniqueName("rentals"),
                IndexProjection.KEYS_ONLY);
        TableProvisioner provisioner = TableProvisioner.of(client);
        assertThat(provisioner.validate(declaration).exists()).isFalse();

        TableReport created = provisioner.create(declaration);

        assertThat(created.matches()).isTrue();
        assertThat(provisioner.validate(declaration).describe()).isEqualTo("Table " + declaration.table()
                + " matches its declaration.");
        assertThat(client.describeTimeToLive(b -> b.tableName(declaration.table())).timeToLiveDescription()
                .timeToLiveStatus()).isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
        assertThat(provisioner.create(declaration).matches()).isTrue();
    }

    @Test
    void reportsAMissingIndexAndAddsIt(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = rentals(tables.uniqueName("rentals"),
                IndexProjection.KEYS_ONLY);
        client.createTable(TableDefinition.of(declaration).withoutIndex("needs-review").createRequest());
        TableProvisioner provisioner = TableProvisioner.of(client);

        TableReport report = provisioner.validate(declaration);

        assertThat(report.matches()).isFalse();
        assertThat(report.conflicts()).isEmpty();
        assertThat(report.fixable()).extracting(TableReport.Difference::subject)
                .containsExactly("global index 'needs-review'", "time to live");
        assertThat(report.describe()).contains("global index 'needs-review': expected (reviewFlag HASH, submittedAt "
                + "RANGE) KEYS_ONLY projection, found none (provisioning=create adds it)");

        assertThat(provisioner.create(declaration).matches()).isTrue();
    }

    @Test
    void instancesProvisioningTheSameMissingTableAtOnceAllSucceed(DynamoDbClient client, TestTables tables)
            throws Exception {
        AdapterDeclaration<Map<String, Object>> declaration = rentals(tables.uniqueName("rentals"),
                IndexProjection.KEYS_ONLY);

        List<TableReport> reports = atOnce(4, () -> TableProvisioner.of(client).create(declaration));

        assertThat(reports).hasSize(4).allSatisfy(report -> assertThat(report.matches()).isTrue());
        assertThat(TableProvisioner.of(client).validate(declaration).matches()).isTrue();
    }

    @Test
    void instancesAddingTheSameMissingIndexAtOnceAllSucceed(DynamoDbClient client, TestTables tables)
            throws Exception {
        AdapterDeclaration<Map<String, Object>> declaration = rentals(tables.uniqueName("rentals"),
                IndexProjection.KEYS_ONLY);
        client.createTable(TableDefinition.of(declaration).withoutIndex("needs-review").createRequest());

        List<TableReport> reports = atOnce(4, () -> TableProvisioner.of(client).create(declaration));

        assertThat(reports).hasSize(4).allSatisfy(report -> assertThat(report.matches()).isTrue());
        assertThat(client.describeTable(b -> b.tableName(declaration.table())).table().globalSecondaryIndexes())
                .filteredOn(index -> index.indexName().equals("needs-review")).hasSize(1);
    }

    /** Runs the same provisioning in several threads released together, as instances starting at once do. */
    private static List<TableReport> atOnce(int instances, Callable<TableReport> provisioning) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(instances);
        try {
            CyclicBarrier start = new CyclicBarrier(instances);
            List<Future<TableReport>> started = new ArrayList<>();
            for (int i = 0; i < instances; i++) {
                started.add(threads.submit(() -> {
                    start.await();
                    return provisioning.call();
                }));
            }
            List<TableReport> reports = new ArrayList<>();
            for (Future<TableReport> report : started) {
                reports.add(report.get(60, TimeUnit.SECONDS));
            }
            return reports;
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void reportsConflictsAndNeverAltersTheTable(DynamoDbClient client, TestTables tables) {
        String table = tables.uniqueName("rentals");
        TableProvisioner provisioner = TableProvisioner.of(client);
        provisioner.create(rentals(table, IndexProjection.KEYS_ONLY));
        AdapterDeclaration<Map<String, Object>> changed = rentals(table, IndexProjection.ALL);

        TableReport report = provisioner.validate(changed);

        assertThat(report.conflicts()).singleElement().satisfies(difference -> assertThat(difference.describe())
                .isEqualTo("global index 'needs-review': expected ALL projection, found KEYS_ONLY projection"));
        assertThatThrownBy(() -> provisioner.create(changed))
                .isInstanceOf(ProvisioningException.class)
                .hasMessageContaining("conflicts with its declaration and provisioning never drops or alters")
                .hasMessageContaining("cannot be fixed without dropping");
        assertThat(client.describeTable(b -> b.tableName(table)).table().globalSecondaryIndexes())
                .filteredOn(index -> index.indexName().equals("needs-review"))
                .singleElement().satisfies(index -> assertThat(index.projection().projectionType())
                        .isEqualTo(ProjectionType.KEYS_ONLY));
    }

    @Test
    void aMissingLocalIndexCannotBeAdded(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<Map<String, Object>> declaration = rentals(tables.uniqueName("rentals"),
                IndexProjection.KEYS_ONLY);
        client.createTable(TableDefinition.of(declaration).withoutIndex("by-make").createRequest());

        TableReport report = TableProvisioner.of(client).validate(declaration);

        assertThat(report.conflicts()).extracting(TableReport.Difference::subject).containsExactly("local index 'by-make'");
    }
}
