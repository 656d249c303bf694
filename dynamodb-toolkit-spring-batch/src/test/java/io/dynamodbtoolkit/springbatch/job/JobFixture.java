package io.dynamodbtoolkit.springbatch.job;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.springbatch.BatchTestConfiguration;
import io.dynamodbtoolkit.springbatch.FailingWrites;
import io.dynamodbtoolkit.springbatch.Sites;
import io.dynamodbtoolkit.springbatch.partition.SubtreePartitioner;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.test.TestTables;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.batch.core.configuration.DuplicateJobException;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A Spring Batch context on an H2 job repository, a sites table behind a client whose writes can be made to fail, and
 * the ready jobs on it, partitioned locally on a pool of 3 threads. Close it after each test.
 */
final class JobFixture implements AutoCloseable {

    static final int WORKERS = 3;

    final AnnotationConfigApplicationContext batch;
    final JobRepository repository;
    final JobOperator operator;
    final FailingWrites writes;
    final DynamoDbToolkitTemplate template;
    final ThreadPoolTaskExecutor pool;
    final DynamoDbToolkitJobs jobs;
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    JobFixture(DynamoDbClient client, TestTables tables, Map<String, Object> beans) {
        this(client, tables, beans, false);
    }

    JobFixture(DynamoDbClient client, TestTables tables, Map<String, Object> beans, boolean parentGuard) {
        this(client, tables, beans, parentGuard, pool -> new LocalPartitioning(pool, WORKERS),
                SubtreePartitioner.DEFAULT_SPLIT_ROWS);
    }

    /**
     * @param partitioning where the partitions run, given the fixture's pool of {@value #WORKERS} threads
     * @param splitRows    the rows of a child above which the subtree jobs split it by sort-key range
     */
    JobFixture(DynamoDbClient client, TestTables tables, Map<String, Object> beans, boolean parentGuard,
            Function<ThreadPoolTaskExecutor, MassJobPartitioning> partitioning, long splitRows) {
        batch = new AnnotationConfigApplicationContext();
        batch.register(BatchTestConfiguration.class);
        beans.forEach((name, bean) -> batch.getBeanFactory().registerSingleton(name, bean));
        batch.refresh();
        repository = batch.getBean(JobRepository.class);
        operator = batch.getBean(JobOperator.class);
        writes = new FailingWrites(client);
        template = Sites.template(writes.client(), tables, Optional::empty, parentGuard);
        pool = LocalPartitioning.executor(WORKERS);
        jobs = DynamoDbToolkitJobs.builder(repository, batch.getBean(PlatformTransactionManager.class),
                adapter -> template, partitioning.apply(pool)).beans(batch.getBeanFactory()).splitRows(splitRows)
                .defaults(new MassJobDefaults(8, 7)).partitionListener(new PartitionProgressMetrics(meters)).build();
    }

    /** @return a ready job, registered in the job registry as the auto-configuration does (a restart finds it there) */
    Job job(MassJobKind kind) throws DuplicateJobException {
        JobRegistry registry = batch.getBean(JobRegistry.class);
        String name = DynamoDbToolkitJobs.jobName(kind, Sites.ADAPTER);
        if (!registry.getJobNames().contains(name)) {
            registry.register(jobs.job(kind, Sites.ADAPTER));
        }
        return registry.getJob(name);
    }

    String table() {
        return template.getAdapter().table();
    }

    /** @return every row, raw, by its structural key */
    Map<String, Map<String, AttributeValue>> rows(DynamoDbClient client) {
        return Sites.rows(client, table()).stream().collect(Collectors.toMap(
                row -> row.get("tenant").s() + "/" + row.get("_sk").s(), row -> row));
    }

    /** @return the partitions of an execution (its worker steps) */
    static List<StepExecution> partitions(JobExecution execution) {
        return execution.getStepExecutions().stream().filter(step -> step.getStepName().contains(".worker:"))
                .toList();
    }

    @Override
    public void close() {
        pool.shutdown();
        batch.close();
    }
}
