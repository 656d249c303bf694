package io.dynamodbtoolkit.boot.autoconfigure.batch;

import java.util.List;

import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.MassJobKind;
import org.springframework.batch.core.configuration.DuplicateJobException;
import org.springframework.batch.core.configuration.JobRegistry;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Registers the ready jobs of the configured adapters in Spring Batch's {@link JobRegistry}, where
 * {@code JobOperator.start(name, parameters)} and the command-line job operator find them. They are not beans, so
 * Spring Boot does not run them at start-up: a ready job always needs parameters (a key, a target...).
 */
final class ReadyJobsRegistrar implements SmartInitializingSingleton {

    private final JobRegistry registry;
    private final DynamoDbToolkitJobs jobs;
    private final List<String> adapters;

    ReadyJobsRegistrar(JobRegistry registry, DynamoDbToolkitJobs jobs, List<String> adapters) {
        this.registry = registry;
        this.jobs = jobs;
        this.adapters = adapters;
    }

    @Override
    public void afterSingletonsInstantiated() {
        for (String adapter : adapters) {
            for (MassJobKind kind : MassJobKind.values()) {
                String name = DynamoDbToolkitJobs.jobName(kind, adapter);
                if (registry.getJobNames().contains(name)) {
                    continue;
                }
                try {
                    registry.register(jobs.job(kind, adapter));
                } catch (DuplicateJobException e) {
                    throw new IllegalStateException("The job " + name + " was registered meanwhile", e);
                }
            }
        }
    }
}
