package io.dynamodbtoolkit.springbatch.remote;

import java.util.function.Supplier;

import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.job.MassJobKind;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepLocator;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Finds the step a partition request names in a worker: a {@link Step} bean of that name, else the worker step of a
 * ready job ({@code <adapter>.<operation>.worker}, {@link DynamoDbToolkitJobs#workerStepName}), built by the
 * application's {@link DynamoDbToolkitJobs}.
 */
public final class ReadyJobStepLocator implements StepLocator {

    private static final String WORKER_SUFFIX = ".worker";

    private final ListableBeanFactory beans;
    private final Supplier<DynamoDbToolkitJobs> jobs;

    /**
     * @param beans the application's beans
     * @param jobs  the ready jobs, resolved when a request arrives (null when the application has none)
     */
    public ReadyJobStepLocator(ListableBeanFactory beans, Supplier<DynamoDbToolkitJobs> jobs) {
        this.beans = beans;
        this.jobs = jobs;
    }

    @Override
    public Step getStep(String stepName) {
        if (beans.containsBean(stepName) && beans.isTypeMatch(stepName, Step.class)) {
            return beans.getBean(stepName, Step.class);
        }
        DynamoDbToolkitJobs readyJobs = jobs.get();
        if (readyJobs != null && stepName.endsWith(WORKER_SUFFIX)) {
            String job = stepName.substring(0, stepName.length() - WORKER_SUFFIX.length());
            for (MassJobKind kind : MassJobKind.values()) {
                String suffix = "." + kind.jobName();
                if (job.endsWith(suffix)) {
                    return readyJobs.workerStep(kind, job.substring(0, job.length() - suffix.length()));
                }
            }
        }
        throw new IllegalStateException("A partition request names step '" + stepName + "', which this worker has "
                + "neither as a bean nor as a ready job's worker step: run workers of the same application, with the "
                + "same adapters, as the manager");
    }
}
