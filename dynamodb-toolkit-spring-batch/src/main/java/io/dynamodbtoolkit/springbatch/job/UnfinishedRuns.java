package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;

/**
 * Refuses a new job instance over the same source as an instance that failed or was stopped and may still be
 * restarted: Spring Batch keys instances by their identifying parameters, so a "restart" with a changed parameter
 * would otherwise quietly start other work beside the unfinished one. The message names the parameters that changed
 * and the execution to restart (or to abandon, when the new parameters are meant).
 */
final class UnfinishedRuns {

    /** How many of a job's latest instances are looked at. */
    static final int INSTANCES_LOOKED_AT = 500;

    private final JobRepository repository;

    /** @param repository the job repository */
    UnfinishedRuns(JobRepository repository) {
        this.repository = repository;
    }

    /**
     * @param jobName    the job
     * @param parameters the parameters of the execution about to start
     * @throws IllegalArgumentException naming what changed against an unfinished instance over the same key
     */
    void check(String jobName, JobParameters parameters) {
        Map<String, Object> asked = identifying(parameters);
        for (JobInstance instance : repository.getJobInstances(jobName, 0, INSTANCES_LOOKED_AT)) {
            JobExecution last = repository.getLastJobExecution(instance);
            if (last == null || !unfinished(last.getStatus())) {
                continue;
            }
            Map<String, Object> before = identifying(last.getJobParameters());
            if (before.equals(asked)
                    || !Objects.equals(before.get(MassJobParameters.KEY), asked.get(MassJobParameters.KEY))) {
                continue;
            }
            Set<String> changed = new TreeSet<>(before.keySet());
            changed.addAll(asked.keySet());
            changed.removeIf(name -> Objects.equals(before.get(name), asked.get(name)));
            throw new IllegalArgumentException("The job parameters " + changed.stream()
                    .map(name -> "'" + name + "'").collect(Collectors.joining(", ")) + " changed against execution "
                    + last.getId() + " of " + jobName + " over the same key, which is " + last.getStatus()
                    + " and not finished (" + describe(before) + "): restart that execution with its own parameters, "
                    + "or abandon it first if the new parameters are meant");
        }
    }

    private static boolean unfinished(BatchStatus status) {
        return status == BatchStatus.FAILED || status == BatchStatus.STOPPED || status == BatchStatus.UNKNOWN;
    }

    private static Map<String, Object> identifying(JobParameters parameters) {
        return parameters.getIdentifyingParameters().stream()
                .collect(Collectors.toMap(JobParameter::name, parameter -> String.valueOf(parameter.value())));
    }

    private static String describe(Map<String, Object> parameters) {
        return new TreeSet<>(parameters.keySet()).stream().map(name -> name + "=" + parameters.get(name))
                .collect(Collectors.joining(", "));
    }
}
