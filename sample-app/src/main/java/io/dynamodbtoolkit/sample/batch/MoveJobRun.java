package io.dynamodbtoolkit.sample.batch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.MassJobKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The manager of the profile {@code batch} ({@code dynamodb.toolkit.batch.remote.role=manager}): seeds rentals under
 * {@code sample.batch.from} when asked, runs the ready job {@code rentals.moveAllUnder} from that state to
 * {@code sample.batch.to} (its partitions run in the worker instances), or with {@code sample.batch.restart=true}
 * restarts its unfinished execution (one a killed manager left {@code STARTED} is marked failed first); then logs
 * the rows of both states and the partitions that ran more than once, with the items each run read. The exit code is
 * 0 when the job completed.
 */
@Component
@Profile(BatchModeConfiguration.PROFILE)
@ConditionalOnProperty(prefix = "dynamodb.toolkit.batch.remote", name = "role", havingValue = "manager")
public class MoveJobRun implements ApplicationRunner, ExitCodeGenerator {

    /** The job the manager runs. */
    static final String JOB = DynamoDbToolkitJobs.jobName(MassJobKind.MOVE_ALL_UNDER, "rentals");

    private static final Logger log = LoggerFactory.getLogger(MoveJobRun.class);

    private final BatchRunProperties properties;
    private final JobOperator operator;
    private final JobRepository repository;
    private final JobRegistry jobs;
    private final BulkRentals rentals;
    private int exitCode = 1;

    /**
     * @param properties what to run
     * @param operator   starts and restarts the job
     * @param repository the job repository
     * @param jobs       the registry holding the toolkit's ready jobs
     * @param adapters   the adapters by name (the job's is {@code rentals})
     */
    public MoveJobRun(BatchRunProperties properties, JobOperator operator, JobRepository repository, JobRegistry jobs,
            Map<String, Adapter<Map<String, Object>>> adapters) {
        this.properties = properties;
        this.operator = operator;
        this.repository = repository;
        this.jobs = jobs;
        this.rentals = new BulkRentals(adapters.get("rentals"));
    }

    @Override
    public void run(ApplicationArguments args) throws Exception {
        Job job = jobs.getJob(JOB);
        JobParameters parameters = new JobParametersBuilder().addString("key", "state=" + properties.from())
                .addString("target", "state=" + properties.to()).addString("rate", properties.rate(), false)
                .toJobParameters();
        JobExecution execution = properties.restart() ? restart(job, parameters) : start(job, parameters);
        report(execution);
        exitCode = execution.getStatus() == BatchStatus.COMPLETED ? 0 : 1;
    }

    @Override
    public int getExitCode() {
        return exitCode;
    }

    private JobExecution start(Job job, JobParameters parameters) throws Exception {
        if (properties.seed() > 0) {
            if (rentals.hasState(properties.from())) {
                log.info("State {} already has its row: nothing seeded", properties.from());
            } else {
                log.info("Seeded {} rows under state={}", rentals.seed(properties.from(), properties.seed()),
                        properties.from());
            }
        }
        log.info("Starting {} with {}", JOB, parameters);
        return operator.start(job, parameters);
    }

    private JobExecution restart(Job job, JobParameters parameters) throws Exception {
        JobExecution last = repository.getLastJobExecution(JOB, parameters);
        if (last == null) {
            throw new IllegalStateException("No execution of " + JOB + " with " + parameters + " to restart: start "
                    + "it (without --sample.batch.restart)");
        }
        if (last.getStatus().isRunning()) {
            log.info("Execution {} is {} but its manager is gone: marking it failed (JobOperator.recover)",
                    last.getId(), last.getStatus());
            last = operator.recover(last);
        }
        log.info("Restarting execution {} of {}", last.getId(), job.getName());
        return operator.restart(last);
    }

    private void report(JobExecution execution) {
        log.info("{} execution {}: {}; rows under state={}: {}, under state={}: {}", JOB, execution.getId(),
                execution.getStatus(), properties.from(), rentals.count(properties.from()), properties.to(),
                rentals.count(properties.to()));
        String partition = DynamoDbToolkitJobs.workerStepName(MassJobKind.MOVE_ALL_UNDER, "rentals") + ":";
        Map<String, List<Long>> readsPerRun = new TreeMap<>();
        repository.getJobExecutions(execution.getJobInstance()).stream()
                .sorted(Comparator.comparingLong(JobExecution::getId))
                .flatMap(run -> repository.getJobExecution(run.getId()).getStepExecutions().stream())
                .filter(step -> step.getStepName().startsWith(partition))
                .forEach(step -> readsPerRun.computeIfAbsent(step.getStepName(), name -> new ArrayList<>())
                        .add(step.getReadCount()));
        readsPerRun.values().removeIf(runs -> runs.size() == 1);
        log.info("{} partitions ran more than once (the items each run read): {}", readsPerRun.size(), readsPerRun);
    }
}
