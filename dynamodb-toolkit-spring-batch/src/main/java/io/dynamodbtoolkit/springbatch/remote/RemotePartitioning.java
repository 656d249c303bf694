package io.dynamodbtoolkit.springbatch.remote;

import java.time.Duration;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;
import io.dynamodbtoolkit.springbatch.job.MassJobPartitioning;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepLocator;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.integration.partition.BeanFactoryStepLocator;
import org.springframework.batch.integration.partition.MessageChannelPartitionHandler;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.batch.integration.partition.StepExecutionRequestHandler;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.integration.channel.QueueChannel;
import org.springframework.integration.core.MessagingTemplate;
import org.springframework.integration.dsl.IntegrationFlow;
import org.springframework.integration.dsl.Pollers;
import org.springframework.integration.jdbc.store.JdbcChannelMessageStore;
import org.springframework.integration.store.MessageGroupQueue;

/**
 * Remote partitioning of a Spring Batch step across processes, with no broker: the manager step sends one
 * {@link StepExecutionRequest} per partition into a queue kept in the job repository's database (Spring
 * Integration's {@link JdbcChannelMessageStore}), each worker process polls that queue and runs the partitions it
 * takes, one at a time, and the manager learns that they are done by polling the job repository (there is no reply
 * channel). Manager and workers are instances of the same application: they hold the same worker step bean, found
 * by its name.
 *
 * <p>A worker killed mid-partition leaves that partition's step execution {@code STARTED}; the manager waits for it
 * until its timeout (forever without one). Recover the job execution ({@code JobOperator.recover}) and restart it:
 * the partitions that had completed are not run again, the others resume from their last committed chunk.
 *
 * <p>In a worker process, register {@link #requestPolling()} as a bean (the auto-configuration does), so that the
 * polling starts only once the application's steps exist.
 */
public final class RemotePartitioning {

    /** The message group of the partition requests when the application names none. */
    public static final String DEFAULT_REQUEST_GROUP = "dynamodb-toolkit-partition-requests";

    private final JobRepository jobRepository;
    private final QueueChannel requests;
    private final Duration pollInterval;
    private final @Nullable Duration managerTimeout;
    private final StepLocator steps;

    /**
     * @param jobRepository  the job repository shared by the manager and the workers
     * @param beanFactory    the application's bean factory (the worker finds its steps there)
     * @param requestStore   the store of the partition requests, see {@link #requestStore(DataSource)}
     * @param requestGroup   the message group of this application's partition requests in that store
     * @param pollInterval   how often a worker polls for requests and the manager polls the job repository
     * @param managerTimeout how long the manager waits for its partitions before it fails the step; {@code null}
     *                       to wait until every partition has ended
     */
    public RemotePartitioning(JobRepository jobRepository, BeanFactory beanFactory,
            JdbcChannelMessageStore requestStore, String requestGroup, Duration pollInterval,
            @Nullable Duration managerTimeout) {
        this(jobRepository, requestStore, requestGroup, pollInterval, managerTimeout,
                beanFactoryStepLocator(beanFactory));
    }

    /**
     * As above, with the way a worker finds the step a request names (e.g. {@link ReadyJobStepLocator}, which also
     * finds the ready jobs' worker steps) instead of the {@link Step} beans of a bean factory.
     */
    public RemotePartitioning(JobRepository jobRepository, JdbcChannelMessageStore requestStore, String requestGroup,
            Duration pollInterval, @Nullable Duration managerTimeout, StepLocator steps) {
        if (requestGroup.isBlank()) {
            throw new IllegalArgumentException("The partition request group must not be blank: name the message "
                    + "group the manager and its workers share (default '" + DEFAULT_REQUEST_GROUP + "')");
        }
        requirePositive(pollInterval, "poll interval");
        if (managerTimeout != null) {
            requirePositive(managerTimeout, "manager timeout");
        }
        this.jobRepository = jobRepository;
        this.requests = new QueueChannel(new MessageGroupQueue(requestStore, requestGroup));
        this.pollInterval = pollInterval;
        this.managerTimeout = managerTimeout;
        this.steps = steps;
    }

    private static StepLocator beanFactoryStepLocator(BeanFactory beanFactory) {
        BeanFactoryStepLocator locator = new BeanFactoryStepLocator();
        locator.setBeanFactory(beanFactory);
        return locator;
    }

    /**
     * A channel message store over {@code dataSource} (the job repository's database), with the queries of its
     * database and the partition requests allowed to be read back. Its tables come from spring-integration-jdbc's
     * {@code org/springframework/integration/jdbc/schema-<database>.sql}.
     */
    public static JdbcChannelMessageStore requestStore(DataSource dataSource) {
        JdbcChannelMessageStore store = new JdbcChannelMessageStore(dataSource);
        store.setChannelMessageStoreQueryProvider(ChannelMessageStoreQueries.forDatabaseOf(dataSource));
        // Once a pattern is given, only the listed classes are deserialized: the message, its headers' types and the
        // request (java.util.UUID, java.lang.Long, java.lang.Integer, java.lang.String among the headers).
        store.addAllowedPatterns("org.springframework.messaging.support.*",
                "org.springframework.messaging.MessageHeaders", "org.springframework.integration.support.*",
                "java.util.*", "java.lang.*",
                StepExecutionRequest.class.getName());
        store.afterPropertiesSet();
        return store;
    }

    /**
     * The manager step: splits the work with {@code partitioner} into {@code gridSize} partitions (a hint the
     * partitioner may depart from), sends one request per partition to the workers, and waits until all have ended.
     *
     * @param stepName       the manager step's name
     * @param workerStepName the name of the worker step bean (built with {@link #workerStep(String)})
     */
    public Step managerStep(String stepName, String workerStepName, Partitioner partitioner, int gridSize) {
        if (gridSize < 1) {
            throw new IllegalArgumentException("The grid size of step '" + stepName + "' is " + gridSize
                    + ": it must be at least 1 (the number of partitions to ask the partitioner for)");
        }
        return new StepBuilder(stepName, jobRepository)
                .partitioner(workerStepName, partitioner)
                .partitionHandler(partitionHandler(workerStepName, gridSize))
                .build();
    }

    /**
     * A builder for the worker step named {@code workerStepName}: give it its reader, processor and writer (or
     * tasklet) and declare the step as a bean, in the manager and the workers alike; a worker finds it by its name
     * when a request names it ({@link #requestPolling()} runs it).
     */
    public StepBuilder workerStep(String workerStepName) {
        return new StepBuilder(workerStepName, jobRepository);
    }

    /**
     * The worker's polling of the request queue: one request at a time, handed to the worker steps. Register it as
     * a bean in worker processes only (a manager that polled would run partitions itself).
     */
    public IntegrationFlow requestPolling() {
        StepExecutionRequestHandler handler = new StepExecutionRequestHandler();
        handler.setJobRepository(jobRepository);
        handler.setStepLocator(steps);
        return IntegrationFlow.from(requests)
                .handle(handler, "handle", endpoint -> endpoint.poller(Pollers.fixedDelay(pollInterval)
                        .maxMessagesPerPoll(1)
                        .receiveTimeout(0)))
                .nullChannel();
    }

    /**
     * Where the ready jobs ({@code DynamoDbToolkitJobs}) run their partitions: in these workers.
     *
     * @param workers the worker processes (each runs one partition at a time): the partitions that run at once,
     *                which divide the job's rate
     */
    public MassJobPartitioning massJobPartitioning(int workers) {
        return new RemoteMassJobPartitioning(this, workers);
    }

    /**
     * The manager's side of a partitioned step whose worker step is {@code workerStepName} (what spring-batch-
     * integration's {@code RemotePartitioningManagerStepBuilder} makes with an output channel and no input channel):
     * one request per partition to the queue, then the job repository polled until every partition has ended.
     */
    PartitionHandler partitionHandler(String workerStepName, int gridSize) {
        MessageChannelPartitionHandler handler = new MessageChannelPartitionHandler();
        handler.setStepName(workerStepName);
        handler.setGridSize(gridSize);
        handler.setJobRepository(jobRepository);
        handler.setMessagingOperations(new MessagingTemplate(requests));
        handler.setPollInterval(pollInterval.toMillis());
        if (managerTimeout != null) {
            handler.setTimeout(managerTimeout.toMillis());
        }
        try {
            handler.afterPropertiesSet();
        } catch (Exception e) {
            throw new IllegalStateException("Could not set up the partition handler of " + workerStepName, e);
        }
        return handler;
    }

    /** The queue the manager sends its partition requests to. */
    public QueueChannel requests() {
        return requests;
    }

    private static void requirePositive(Duration duration, String name) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("The remote partitioning " + name + " is " + duration
                    + ": it must be positive");
        }
    }
}
