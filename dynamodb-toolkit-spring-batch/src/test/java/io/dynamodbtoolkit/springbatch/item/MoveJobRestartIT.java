package io.dynamodbtoolkit.springbatch.item;

import static io.dynamodbtoolkit.springbatch.Fleet.DALLAS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.StoredItems;
import io.dynamodbtoolkit.adapter.WriteKind;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.PrefixSwap;
import io.dynamodbtoolkit.springbatch.Fleet;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.launch.support.JobOperatorFactoryBean;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.JdbcJobRepositoryFactoryBean;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.infrastructure.item.Chunk;
import org.springframework.batch.infrastructure.item.ItemWriter;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.jdbc.support.JdbcTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A real Spring Batch job (H2 job repository) moving a subtree with the subtree reader and the move writer, a chunk
 * size that does not divide the page size, crashed by its writer between a chunk's copies and its deletes, then
 * restarted: every row is moved exactly once.
 */
@DynamoDbTest
class MoveJobRestartIT {

    private static final KeyValues HOUSTON = KeyValues.of("state", "TX", "facility", "Houston");
    private static final int VEHICLES = 157;
    private static final int CHUNK = 7;
    private static final int PAGE = 10;
    private static final int CRASHING_CHUNK = 5;

    private Adapter<Map<String, Object>> rentals;
    private EmbeddedDatabase database;
    private JobRepository repository;
    private JobOperator operator;
    private final MapJobRegistry jobs = new MapJobRegistry();

    @BeforeEach
    void setUp(DynamoDbClient client, TestTables tables) throws Exception {
        rentals = Fleet.create(client, tables, "move-job");
        Fleet.load(rentals, Map.of("Dallas", VEHICLES, "Dallasville", 3));
        database = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true)
                .addScript("/org/springframework/batch/core/schema-h2.sql").build();
        JdbcTransactionManager transactions = new JdbcTransactionManager(database);
        JdbcJobRepositoryFactoryBean repositoryFactory = new JdbcJobRepositoryFactoryBean();
        repositoryFactory.setDataSource(database);
        repositoryFactory.setTransactionManager(transactions);
        repositoryFactory.afterPropertiesSet();
        repository = repositoryFactory.getObject();
        JobOperatorFactoryBean operatorFactory = new JobOperatorFactoryBean();
        operatorFactory.setJobRepository(repository);
        operatorFactory.setTransactionManager(transactions);
        operatorFactory.setJobRegistry(jobs);
        operatorFactory.afterPropertiesSet();
        operator = operatorFactory.getObject();
    }

    @AfterEach
    void tearDown() {
        database.shutdown();
    }

    @Test
    void aMoveJobCrashedBetweenCopiesAndDeletesAndRestartedMovesEveryRowExactlyOnce() throws Exception {
        AtomicInteger chunks = new AtomicInteger();
        JdbcTransactionManager transactions = new JdbcTransactionManager(database);
        MoveItemWriter move = MoveItemWriter.prefixSwap(rentals, DALLAS, HOUSTON);
        move.setName("move");
        ItemWriter<Map<String, AttributeValue>> crashingOnce = chunk -> {
            if (chunks.incrementAndGet() == CRASHING_CHUNK) {
                copyOnly(chunk);
                throw new IllegalStateException("the worker died between the copies and the deletes");
            }
            move.write(chunk);
        };
        SubtreeItemReader reader = new SubtreeItemReader(rentals, DALLAS);
        reader.setPageSize(PAGE);
        Step step = new StepBuilder("move-dallas", repository).<Map<String, AttributeValue>,
                Map<String, AttributeValue>>chunk(CHUNK).transactionManager(transactions).reader(reader)
                .writer(crashingOnce).build();
        Job job = new JobBuilder("move-subtree", repository).start(step).build();
        jobs.register(job);
        JobParameters parameters = new JobParametersBuilder().addString("from", "TX|Dallas").toJobParameters();

        List<String> dallas = Fleet.keysUnder(rentals, DALLAS);

        JobExecution crashed = operator.start(job, parameters);

        assertThat(crashed.getStatus()).isEqualTo(BatchStatus.FAILED);
        assertThat(crashed.getStepExecutions().iterator().next().getExecutionContext()
                .getString("SubtreeItemReader.after")).as("the key of the last item of the last committed chunk")
                .isEqualTo(KeyText.encode(Map.of("state", AttributeValue.fromS("TX"),
                        "_sk", AttributeValue.fromS(dallas.get(4 * CHUNK - 1)))));
        assertThat(Fleet.keysUnder(rentals, HOUSTON)).as("4 chunks moved, the 5th copied").hasSize(5 * CHUNK);
        assertThat(Fleet.keysUnder(rentals, DALLAS)).hasSize(1 + VEHICLES - 4 * CHUNK);

        JobExecution restarted = repository.getJobExecution(operator.restart(crashed.getId()));

        assertThat(restarted.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        assertThat(Fleet.keysUnder(rentals, DALLAS)).as("0 left at the source").isEmpty();
        List<Map<String, AttributeValue>> moved = rentals.stored().page(
                rentals.plan(SubtreeQuery.selfAndDescendants(HOUSTON)), ListOptions.defaults()).items();
        assertThat(moved).as("0 lost, 0 duplicated").hasSize(1 + VEHICLES)
                .filteredOn(row -> row.containsKey("miles")).extracting(row -> Integer.parseInt(row.get("miles").n()))
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, VEHICLES).boxed().toList());
        assertThat(Fleet.keysUnder(rentals, KeyValues.of("state", "TX", "facility", "Dallasville"))).hasSize(4);
        StepExecution last = restarted.getStepExecutions().iterator().next();
        assertThat(last.getExecutionContext().getLong("move.processed")).as("counted once, across the restart")
                .isEqualTo(1 + VEHICLES);
        assertThat(last.getReadCount()).as("the restart re-read only the chunk that crashed and what followed")
                .isEqualTo(1 + VEHICLES - 4 * CHUNK);
    }

    /** Writes a move's copies of a chunk, as an attempt that died before its deletes left them. */
    private void copyOnly(Chunk<? extends Map<String, AttributeValue>> chunk) {
        StoredItems<Map<String, Object>> stored = rentals.stored();
        PrefixSwap swap = PrefixSwap.of(rentals.keys(), DALLAS, HOUSTON);
        stored.write(chunk.getItems().stream().map(source -> stored.putRequest(stored.prepareCopy(source, swap,
                WriteKind.MOVE))).toList());
    }
}
