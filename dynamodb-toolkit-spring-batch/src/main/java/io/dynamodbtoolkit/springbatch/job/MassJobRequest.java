package io.dynamodbtoolkit.springbatch.job;

import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.ADAPTER;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.CHANGE;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.CHUNK_SIZE;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.EDIT;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.FILTER;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.GRID_SIZE;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.INDEX;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.KEY;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.MAX_ITEMS;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.RATE;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.TARGET;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.InvalidFilterException;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springbatch.rate.JobRate;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.jspecify.annotations.Nullable;
import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.job.parameters.JobParameters;

/**
 * The parameters of one ready job, read and typed (not yet checked against the scope and the application's beans:
 * {@link MassJobParametersValidator} does that). Absent optional values are null, or 0 for the numbers.
 *
 * @param kind      the job
 * @param key       the node (null when the job takes none and none is given)
 * @param target    the node a copy or move writes under (null when the job takes none)
 * @param filter    the filter (empty when none)
 * @param index     the index a backfill brings onto the items (null when the job takes none)
 * @param beanName  the application's edit or change bean (null when the job takes none)
 * @param maxItems  the most items each partition processes (0: no limit)
 * @param gridSize  the partitions asked for (0: the configured default)
 * @param chunkSize the items per chunk (0: the configured default)
 * @param rate      the job's rate (null: none)
 */
public record MassJobRequest(MassJobKind kind, @Nullable KeyValues key, @Nullable KeyValues target, Filter filter,
        @Nullable String index, @Nullable String beanName, long maxItems, int gridSize, int chunkSize,
        @Nullable JobRate rate) {

    /** @return the node, for a job that requires one (the validator refused a start without it) */
    public KeyValues requiredKey() {
        return required(key, KEY);
    }

    /** @return the node written under, for a copy or move of a subtree */
    public KeyValues requiredTarget() {
        return required(target, TARGET);
    }

    /** @return the index of a backfill */
    public String requiredIndex() {
        return required(index, INDEX);
    }

    private <T> T required(@Nullable T value, String parameter) {
        if (value == null) {
            throw new IllegalStateException("The job " + kind.jobName() + " needs the job parameter '" + parameter
                    + "', which is absent: validate the parameters with MassJobParametersValidator before running it");
        }
        return value;
    }

    /** The most partitions a job may ask for. */
    public static final int MAX_GRID_SIZE = 10_000;
    /** The most items a chunk may hold. */
    public static final int MAX_CHUNK_SIZE = 10_000;

    /**
     * Reads a job's parameters.
     *
     * @param kind       the job
     * @param adapter    the template of the job's adapter (its key design and filter grammar read the values)
     * @param parameters the parameters
     * @return the request
     * @throws IllegalArgumentException naming the first parameter that is unknown, missing, not identifying though
     *                                  it defines the work, or that does not read
     */
    public static MassJobRequest read(MassJobKind kind, DynamoDbToolkitTemplate adapter, JobParameters parameters) {
        for (JobParameter<?> parameter : parameters) {
            String name = parameter.name();
            boolean work = MassJobParameters.COMMON_WORK.contains(name) || kind.required().contains(name)
                    || kind.optional().contains(name);
            if (!work && !MassJobParameters.PACING.contains(name)) {
                throw new IllegalArgumentException("The job parameter '" + name + "' is unknown to " + kind.jobName()
                        + ", which takes " + known(kind) + "; remove it");
            }
            if (work && !parameter.identifying()) {
                throw new IllegalArgumentException("The job parameter '" + name + "' defines the work of "
                        + kind.jobName() + ", so it must be identifying (a restart with another value would do other "
                        + "work under the same job instance): pass it as identifying (name=value,type,true)");
            }
        }
        for (String name : kind.required()) {
            if (text(parameters, name) == null) {
                throw new IllegalArgumentException("The job parameter '" + name + "' is required by "
                        + kind.jobName());
            }
        }
        String adapterName = text(parameters, ADAPTER);
        if (adapterName != null && !adapterName.equals(adapter.getAdapterName())) {
            throw new IllegalArgumentException("The job parameter '" + ADAPTER + "' names '" + adapterName
                    + "', but this job runs on the adapter '" + adapter.getAdapterName() + "'");
        }
        KeyValues key = node(adapter, parameters, KEY);
        KeyValues target = node(adapter, parameters, TARGET);
        String rate = text(parameters, RATE);
        return new MassJobRequest(kind, key, target, filter(adapter, text(parameters, FILTER)),
                text(parameters, INDEX), text(parameters, kind == MassJobKind.EDIT_ALL_UNDER ? EDIT : CHANGE),
                number(parameters, MAX_ITEMS, Long.MAX_VALUE), (int) number(parameters, GRID_SIZE, MAX_GRID_SIZE),
                (int) number(parameters, CHUNK_SIZE, MAX_CHUNK_SIZE), rate == null ? null : JobRate.parse(RATE, rate));
    }

    private static @Nullable KeyValues node(DynamoDbToolkitTemplate adapter, JobParameters parameters, String name) {
        String text = text(parameters, name);
        return text == null ? null : NodeKeys.parse(adapter.getAdapter().keys(), name, text);
    }

    private static Filter filter(DynamoDbToolkitTemplate adapter, @Nullable String text) {
        if (text == null) {
            return Filter.empty();
        }
        try {
            return adapter.getDeclaration().filters().parse(Arrays.asList(text.split("&", -1)));
        } catch (InvalidFilterException e) {
            throw new IllegalArgumentException("The job parameter '" + FILTER + "' (" + text + ") is not a filter of "
                    + "the adapter '" + adapter.getAdapterName() + "': " + e.getMessage(), e);
        }
    }

    private static long number(JobParameters parameters, String name, long max) {
        String text = text(parameters, name);
        if (text == null) {
            return 0;
        }
        long value;
        try {
            value = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 1 || value > max) {
            throw new IllegalArgumentException("The job parameter '" + name + "' must be a whole number from 1 to "
                    + max + ", not '" + text + "'");
        }
        return value;
    }

    /** @return a parameter's value as text (a number passed as a Long reads as its digits), null when absent */
    static @Nullable String text(JobParameters parameters, String name) {
        JobParameter<?> parameter = parameters.getParameter(name);
        return parameter == null || parameter.value() == null ? null : parameter.value().toString();
    }

    private static String known(MassJobKind kind) {
        List<String> names = new ArrayList<>(MassJobParameters.COMMON_WORK);
        names.addAll(MassJobParameters.PACING);
        names.addAll(kind.required());
        names.addAll(kind.optional());
        return names.stream().sorted().toList().toString();
    }
}
