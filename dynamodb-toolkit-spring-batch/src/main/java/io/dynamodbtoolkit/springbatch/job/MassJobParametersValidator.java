package io.dynamodbtoolkit.springbatch.job;

import java.util.function.Predicate;

import io.dynamodbtoolkit.springbatch.rate.TableCapacity;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.springframework.batch.core.job.parameters.InvalidJobParametersException;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersValidator;
import org.springframework.batch.core.repository.JobRepository;

/**
 * Refuses a ready job's parameters before anything is read, naming the parameter: unknown ones, missing ones, ones
 * that define the work but are not identifying, a key that does not fit the key design, a target outside the scope or
 * inside the source, a filter the adapter's grammar refuses, an undeclared index, an edit or change bean the
 * application does not have, bad numbers, a share of the capacity of an on-demand table with no maximum, and new
 * parameters over the key of an unfinished instance. Spring Batch runs it before it creates an execution.
 */
public final class MassJobParametersValidator implements JobParametersValidator {

    private final String jobName;
    private final MassJobKind kind;
    private final DynamoDbToolkitTemplate template;
    private final Predicate<String> changeBeans;
    private final JobScope scope;
    private final UnfinishedRuns unfinished;

    /**
     * @param jobName     the job's name
     * @param kind        the job
     * @param template    the template of the job's adapter
     * @param changeBeans whether the application has an edit or change bean of a name
     * @param repository  the job repository (to look for unfinished instances)
     */
    public MassJobParametersValidator(String jobName, MassJobKind kind, DynamoDbToolkitTemplate template,
            Predicate<String> changeBeans, JobRepository repository) {
        this.jobName = jobName;
        this.kind = kind;
        this.template = template;
        this.changeBeans = changeBeans;
        this.scope = new JobScope(template);
        this.unfinished = new UnfinishedRuns(repository);
    }

    @Override
    public void validate(JobParameters parameters) throws InvalidJobParametersException {
        try {
            check(parameters == null ? new JobParameters() : parameters);
        } catch (IllegalArgumentException e) {
            throw new InvalidJobParametersException(e.getMessage());
        }
    }

    private void check(JobParameters parameters) {
        MassJobRequest request = MassJobRequest.read(kind, template, parameters);
        if (request.key() != null && request.gridSize() > 0) {
            throw new IllegalArgumentException("The job parameter '" + MassJobParameters.GRID_SIZE + "' applies to a "
                    + "job over the whole table (its Scan segments); with a '" + MassJobParameters.KEY + "' the "
                    + "partitions follow the key design (the node's row, and each child of its next tier): remove it");
        }
        scope.check(request, parameters);
        if (request.index() != null && template.getDeclaration().indexes().find(request.index()).isEmpty()) {
            throw new IllegalArgumentException("The job parameter '" + MassJobParameters.INDEX + "' names '"
                    + request.index() + "', which is not an index of the adapter '" + template.getAdapterName()
                    + "'");
        }
        if (request.beanName() != null && !changeBeans.test(request.beanName())) {
            String name = kind == MassJobKind.EDIT_ALL_UNDER ? MassJobParameters.EDIT : MassJobParameters.CHANGE;
            throw new IllegalArgumentException("The job parameter '" + name + "' names '" + request.beanName()
                    + "', which is no EntityChange bean of the application: define the " + name
                    + " as an EntityChange bean of that name");
        }
        if (request.rate() != null && request.rate().isCapacityShare()) {
            TableCapacity.describe(template.getAdapter().client(), template.getAdapter().table(),
                    MassJobParameters.RATE);
        }
        unfinished.check(jobName, parameters);
    }
}
