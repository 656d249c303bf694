package io.dynamodbtoolkit.springbatch.job;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import io.dynamodbtoolkit.springbatch.partition.SubtreePartitioner;
import io.dynamodbtoolkit.springbatch.rate.JobRate;
import io.dynamodbtoolkit.springbatch.rate.PartitionRate;
import io.dynamodbtoolkit.springbatch.rate.TableCapacity;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.core.step.StepLocator;
import org.springframework.batch.core.step.builder.ChunkOrientedStepBuilder;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.transaction.PlatformTransactionManager;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Makes the ready jobs of the mass operations for an adapter of the application: each a Spring Batch {@link Job}
 * named {@code <adapter>.<operation>} (e.g. {@code rentals.moveAllUnder}) whose parameters are checked before
 * anything is read ({@link MassJobParametersValidator}), with a partitioned manager step ({@code <job>.manager})
 * that splits the work once ({@link StablePartitionSplitter}) and a worker step ({@code <job>.worker}) that reads and
 * writes each partition in chunks, held to its share of the job's rate ({@link PartitionRate}). The work goes
 * through the adapter's template: the key names the scope, and failures are translated by the template's exception
 * translator. Where the partitions run is the {@link MassJobPartitioning}'s business (this JVM, or other processes).
 */
public final class DynamoDbToolkitJobs {

    private final JobRepository repository;
    private final PlatformTransactionManager transactions;
    private final Function<String, DynamoDbToolkitTemplate> templates;
    private final @Nullable ListableBeanFactory beans;
    private final MassJobPartitioning partitioning;
    private final MassJobDefaults defaults;
    private final ObservationRegistry observations;
    private final List<StepExecutionListener> partitionListeners;
    private final MassJobWorks works;

    private DynamoDbToolkitJobs(Builder builder) {
        this.repository = builder.repository;
        this.transactions = builder.transactions;
        this.templates = builder.templates;
        this.beans = builder.beans;
        this.partitioning = builder.partitioning;
        this.defaults = builder.defaults;
        this.observations = builder.observations;
        this.partitionListeners = List.copyOf(builder.partitionListeners);
        this.works = new MassJobWorks(this::change, builder.splitRows);
    }

    /**
     * @param repository   the job repository
     * @param transactions the transaction manager of the job repository's database
     * @param templates    the template of an adapter by name (throwing, naming it, for an unknown one)
     * @param partitioning where the partitions run
     * @return a builder
     */
    public static Builder builder(JobRepository repository, PlatformTransactionManager transactions,
            Function<String, DynamoDbToolkitTemplate> templates, MassJobPartitioning partitioning) {
        return new Builder(repository, transactions, templates, partitioning);
    }

    /** @return the name of a ready job on an adapter: {@code <adapter>.<operation>} */
    public static String jobName(MassJobKind kind, String adapter) {
        return adapter + "." + kind.jobName();
    }

    /** @return the name of a ready job's worker step: {@code <adapter>.<operation>.worker} */
    public static String workerStepName(MassJobKind kind, String adapter) {
        return jobName(kind, adapter) + ".worker";
    }

    /** @return {@code deleteAllUnder} on an adapter */
    public Job deleteAllUnder(String adapter) {
        return job(MassJobKind.DELETE_ALL_UNDER, adapter);
    }

    /** @return {@code cloneAllUnder} on an adapter */
    public Job cloneAllUnder(String adapter) {
        return job(MassJobKind.CLONE_ALL_UNDER, adapter);
    }

    /** @return {@code moveAllUnder} on an adapter */
    public Job moveAllUnder(String adapter) {
        return job(MassJobKind.MOVE_ALL_UNDER, adapter);
    }

    /** @return {@code editAllUnder} on an adapter */
    public Job editAllUnder(String adapter) {
        return job(MassJobKind.EDIT_ALL_UNDER, adapter);
    }

    /** @return {@code cloneMatching} on an adapter */
    public Job cloneMatching(String adapter) {
        return job(MassJobKind.CLONE_MATCHING, adapter);
    }

    /** @return {@code moveMatching} on an adapter */
    public Job moveMatching(String adapter) {
        return job(MassJobKind.MOVE_MATCHING, adapter);
    }

    /** @return {@code backfillIndex} on an adapter */
    public Job backfillIndex(String adapter) {
        return job(MassJobKind.BACKFILL_INDEX, adapter);
    }

    /**
     * @param kind    the operation
     * @param adapter the adapter's name
     * @return the ready job
     */
    public Job job(MassJobKind kind, String adapter) {
        DynamoDbToolkitTemplate template = templates.apply(adapter);
        String name = jobName(kind, adapter);
        Step worker = workerStep(kind, adapter);
        Step manager = new StepBuilder(name + ".manager", repository).partitioner(worker)
                .splitter(new StablePartitionSplitter(repository, worker.getName(),
                        execution -> works.of(kind, template).partitioner(request(kind, template, execution))))
                .partitionHandler(partitioning.handler(worker, defaults.gridSize()))
                .observationRegistry(observations).build();
        JobBuilder job = new JobBuilder(name, repository)
                .validator(new MassJobParametersValidator(name, kind, template, this::hasChange, repository))
                .observationRegistry(observations);
        if (MassJobWorks.guardedDelete(kind, template)) {
            GuardedDeleteSteps guard = new GuardedDeleteSteps(repository, transactions);
            return job.start(guard.mark(name, template)).next(manager).next(guard.deleteNode(name, template))
                    .build();
        }
        if (MassJobWorks.parentsFirst(kind, template)) {
            return job.start(new ParentsFirstStep(repository, transactions).step(name, kind, template,
                    works.of(kind, template))).next(manager).build();
        }
        return job.start(manager).build();
    }

    /**
     * The worker step of a ready job, also for a process that runs partitions sent by another one (remote
     * partitioning finds it by {@link #workerStepName}).
     *
     * @param kind    the operation
     * @param adapter the adapter's name
     * @return the step
     */
    public Step workerStep(MassJobKind kind, String adapter) {
        DynamoDbToolkitTemplate template = templates.apply(adapter);
        String name = workerStepName(kind, adapter);
        PartitionRate rate = PartitionRate.of(parameters -> jobRate(kind, template, parameters),
                partitioning.partitionsAtOnce());
        return new PartitionWorkerStep(name, repository, partition -> chunkStep(name, kind, template, rate, partition));
    }

    /**
     * The worker step of a ready job by its name ({@link #workerStepName}): a {@link StepLocator} for a process that
     * runs partitions sent by another one (remote partitioning's request handler finds the step it is asked for here).
     *
     * @param stepName {@code <adapter>.<operation>.worker}
     * @return the step
     * @throws IllegalArgumentException naming the form, when the name is no ready job's worker step
     */
    public Step workerStep(String stepName) {
        for (MassJobKind kind : MassJobKind.values()) {
            String suffix = "." + kind.jobName() + ".worker";
            if (stepName.endsWith(suffix) && stepName.length() > suffix.length()) {
                return workerStep(kind, stepName.substring(0, stepName.length() - suffix.length()));
            }
        }
        throw new IllegalArgumentException("'" + stepName + "' is no ready job's worker step: the form is "
                + "<adapter>.<operation>.worker, the operations " + Arrays.stream(MassJobKind.values())
                        .map(MassJobKind::jobName).toList());
    }

    /** @return the worker steps by name ({@link #workerStep(String)}) */
    public StepLocator workerSteps() {
        return this::workerStep;
    }

    private Step chunkStep(String name, MassJobKind kind, DynamoDbToolkitTemplate template, PartitionRate rate,
            StepExecution partition) {
        MassJobRequest request = request(kind, template, partition);
        MassJobWork work = works.of(kind, template);
        int chunkSize = request.chunkSize() > 0 ? request.chunkSize() : defaults.chunkSize();
        ChunkOrientedStepBuilder<Map<String, AttributeValue>, Map<String, AttributeValue>> step =
                new StepBuilder(name, repository).chunk(chunkSize);
        step.transactionManager(transactions)
                .reader(work.reader(request, partition.getExecutionContext()))
                .writer(new TranslatingItemWriter(work.writer(request), template.getExceptionTranslator()))
                .listener((StepExecutionListener) rate).listener((Object) rate)
                .observationRegistry(observations);
        // as a step execution listener, and by its other listener interfaces (a write listener, say)
        partitionListeners.forEach(listener -> step.listener(listener).listener((Object) listener));
        return step.build();
    }

    private static MassJobRequest request(MassJobKind kind, DynamoDbToolkitTemplate template,
            StepExecution execution) {
        return MassJobRequest.read(kind, template, execution.getJobParameters());
    }

    private static double jobRate(MassJobKind kind, DynamoDbToolkitTemplate template, JobParameters parameters) {
        String text = MassJobRequest.text(parameters, MassJobParameters.RATE);
        if (text == null) {
            return 0;
        }
        JobRate rate = JobRate.parse(MassJobParameters.RATE, text);
        TableCapacity capacity = rate.isCapacityShare() ? TableCapacity.describe(template.getAdapter().client(),
                template.getAdapter().table(), MassJobParameters.RATE) : null;
        return rate.itemsPerSecond(capacity, kind.writesPerItem());
    }

    private boolean hasChange(String name) {
        return beans != null && beans.containsBean(name) && beans.isTypeMatch(name, EntityChange.class);
    }

    private EntityChange<?> change(String name) {
        if (beans == null) {
            throw new IllegalStateException("The job names the EntityChange bean '" + name + "', but the jobs were "
                    + "built without the application's beans: give them with DynamoDbToolkitJobs.Builder.beans");
        }
        return beans.getBean(name, EntityChange.class);
    }

    /** Builds {@link DynamoDbToolkitJobs}. */
    public static final class Builder {

        private final JobRepository repository;
        private final PlatformTransactionManager transactions;
        private final Function<String, DynamoDbToolkitTemplate> templates;
        private final MassJobPartitioning partitioning;
        private @Nullable ListableBeanFactory beans;
        private MassJobDefaults defaults;
        private ObservationRegistry observations = ObservationRegistry.NOOP;
        private final List<StepExecutionListener> partitionListeners = new ArrayList<>();
        private long splitRows = SubtreePartitioner.DEFAULT_SPLIT_ROWS;

        private Builder(JobRepository repository, PlatformTransactionManager transactions,
                Function<String, DynamoDbToolkitTemplate> templates, MassJobPartitioning partitioning) {
            this.repository = Objects.requireNonNull(repository, "repository");
            this.transactions = Objects.requireNonNull(transactions, "transactions");
            this.templates = Objects.requireNonNull(templates, "templates");
            this.partitioning = Objects.requireNonNull(partitioning, "partitioning");
            this.defaults = MassJobDefaults.forWorkers(partitioning.partitionsAtOnce());
        }

        /** @return this, with the application's beans, where the edit and change beans the jobs name are found */
        public Builder beans(ListableBeanFactory applicationBeans) {
            this.beans = applicationBeans;
            return this;
        }

        /** @return this, with the grid and chunk sizes of jobs whose parameters give none */
        public Builder defaults(MassJobDefaults jobDefaults) {
            this.defaults = Objects.requireNonNull(jobDefaults, "defaults");
            return this;
        }

        /** @return this, with the registry of Spring Batch's observations (its metrics) */
        public Builder observations(ObservationRegistry registry) {
            this.observations = Objects.requireNonNull(registry, "observations");
            return this;
        }

        /** @return this, with a listener of every partition's step (e.g. the progress metrics) */
        public Builder partitionListener(StepExecutionListener listener) {
            this.partitionListeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * @param rows the rows of a child above which a job with a key splits that child's subtree into sort-key
         *             ranges of that many rows ({@link SubtreePartitioner#setSplitRows}), at least 1; by default
         *             {@value SubtreePartitioner#DEFAULT_SPLIT_ROWS}
         * @return this
         */
        public Builder splitRows(long rows) {
            if (rows < 1) {
                throw new IllegalArgumentException("splitRows must be >= 1, was " + rows);
            }
            this.splitRows = rows;
            return this;
        }

        /** @return the jobs */
        public DynamoDbToolkitJobs build() {
            return new DynamoDbToolkitJobs(this);
        }
    }
}
