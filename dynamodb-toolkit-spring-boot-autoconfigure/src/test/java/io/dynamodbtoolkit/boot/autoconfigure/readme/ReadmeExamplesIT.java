package io.dynamodbtoolkit.boot.autoconfigure.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.boot.autoconfigure.repository.DynamoDbToolkitRepositoriesAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow.Facility;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow.State;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow.Vehicle;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The module README's declaration and repositories, as a user would copy them: the application starts, the
 * hierarchy reads as key seeks, and the bare {@code findInSparseIndexOfReviews()} lists the review queue with a Scan
 * of the sparse index, which reads only the queued documents.
 */
@DynamoDbTest
class ReadmeExamplesIT {

    /** The README's application on the test's recording client (so the request log sees its calls). */
    private static ApplicationContextRunner runner(DynamoDbClient client, TestTables tables) {
        return ToolkitRunners.toolkit().withBean("dynamoDbClient", DynamoDbClient.class, () -> client)
                .withConfiguration(AutoConfigurations.of(DynamoDbToolkitRepositoriesAutoConfiguration.class))
                .withInitializer(ToolkitRunners.yaml("readme/adapters.yml"))
                .withUserConfiguration(ReadmeApplication.class)
                .withPropertyValues("CURSOR_SIGNING_KEY=a-readme-signing-key-of-32-bytes",
                        "dynamodb.toolkit.adapters.rentals.table=" + tables.uniqueName("rentals"),
                        "dynamodb.toolkit.adapters.documents.table=" + tables.uniqueName("documents"));
    }

    @Test
    void theReviewQueueIsListedWithAScanOfTheSparseIndexOnly(DynamoDbClient client, TestTables tables, RequestLog log) {
        runner(client, tables).run(context -> {
            assertThat(context).hasNotFailed();
            DocumentRepository documents = context.getBean(DocumentRepository.class);
            Instant monday = Instant.parse("2026-07-06T09:00:00Z");
            documents.insert(new Document("d1", "Quarterly report", "pending", monday.plusSeconds(60)));
            documents.insert(new Document("d2", "Minutes", null, null));
            documents.insert(new Document("d3", "Contract", "pending", monday));
            documents.insert(new Document("d4", "Invoice", "urgent", monday.plusSeconds(30)));

            log.clear();
            assertThat(documents.findInSparseIndexOfReviews()).extracting(Document::docId)
                    .containsExactlyInAnyOrder("d1", "d3", "d4");
            assertThat(documents.findInSparseIndex("needs-review")).hasSize(3);
            assertThat(log.calls("Scan")).hasSize(2);
            assertThat(log.calls("Query")).isEmpty();
            assertThat(documents.findInSparseIndexOfReviews("pending")).extracting(Document::docId)
                    .containsExactly("d3", "d1");
            log.assertNoReadAmplification();
        });
    }

    @Test
    void theHierarchyReadsAsKeySeeks(DynamoDbClient client, TestTables tables, RequestLog log) {
        runner(client, tables).run(context -> {
            RentalRepository rentals = context.getBean(RentalRepository.class);
            rentals.insert(new State("TX", "Texas"));
            rentals.insert(new Facility("TX", "Dallas", "Dallas"));
            rentals.insert(new Vehicle("TX", "Dallas", "1HGC001", "Honda"));
            rentals.insert(new Facility("TX", "Dallasville", "Dallasville"));
            rentals.insert(new Vehicle("TX", "Dallasville", "5YJ3003", "Tesla"));

            assertThat(rentals.findUnder("TX", "Dallas")).extracting(Vehicle::vin).containsExactly("1HGC001");
            assertThat(rentals.findSelfAndUnder("TX", "Dallas")).hasSize(2);
            assertThat(rentals.findByPartial("TX", "Dal")).hasSize(4);
            assertThat(rentals.deleteAllUnder("TX", "Dallas").processed()).isEqualTo(2);
            assertThat(rentals.findByPartial("TX", "Dal")).hasSize(2);
            log.assertNoReadAmplification();
        });
    }
}
