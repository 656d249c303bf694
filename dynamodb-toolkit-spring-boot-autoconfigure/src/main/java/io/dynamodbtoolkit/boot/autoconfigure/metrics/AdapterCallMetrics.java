package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import io.dynamodbtoolkit.boot.autoconfigure.metrics.DynamoDbCalls.TableUsage;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * An SDK interceptor, added to the DynamoDB client, that measures every data-plane call to an adapter's table:
 * <ul>
 *   <li>an observation {@value #OPERATION} (a timer of the same name with Micrometer metrics, a span with tracing),
 *   tagged {@code adapter}, {@code table}, {@code operation} (GetItem, Query, ...), {@code outcome} (success or
 *   error) and {@code error} (the AWS error code, or none);</li>
 *   <li>distribution summaries {@value #RETURNED} and {@value #SCANNED} for reads, so read amplification
 *   (scanned / returned) is visible, and {@value #CAPACITY} for every call, tagged {@code adapter}, {@code table}
 *   and {@code operation}.</li>
 * </ul>
 * Calls to other tables and control-plane calls (CreateTable, DescribeTable, ...) are not measured. With
 * consumed-capacity reporting on, calls that do not ask for their consumed capacity are made to ask for the total.
 */
public class AdapterCallMetrics implements ExecutionInterceptor {

    /** The observation (and timer) of each call. */
    public static final String OPERATION = "dynamodb.toolkit.operation";
    /** Items a read returned. */
    public static final String RETURNED = "dynamodb.toolkit.items.returned";
    /** Items a read made the server read (before any filter). */
    public static final String SCANNED = "dynamodb.toolkit.items.scanned";
    /** Capacity units a call consumed. */
    public static final String CAPACITY = "dynamodb.toolkit.capacity.consumed";

    private static final ExecutionAttribute<Call> CALL = new ExecutionAttribute<>("dynamodb-toolkit.metrics.call");

    private final AdapterTables tables;
    private final ObservationRegistry observations;
    private final MeterRegistry meters;
    private final boolean askForCapacity;

    /**
     * @param tables         which adapters use which table
     * @param observations   where call observations go
     * @param meters         where the item and capacity summaries go
     * @param askForCapacity whether to ask DynamoDB for the capacity of calls that do not ask already
     */
    public AdapterCallMetrics(AdapterTables tables, ObservationRegistry observations, MeterRegistry meters,
            boolean askForCapacity) {
        this.tables = tables;
        this.observations = observations;
        this.meters = meters;
        this.askForCapacity = askForCapacity;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        Set<String> requestTables = DynamoDbCalls.tablesOf(context.request());
        Set<String> adapterTables = new LinkedHashSet<>();
        Set<String> adapters = new TreeSet<>();
        for (String table : requestTables) {
            tables.adaptersOf(table).ifPresent(names -> {
                adapterTables.add(table);
                adapters.add(names);
            });
        }
        if (adapterTables.isEmpty()) {
            return;
        }
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        Observation observation = Observation.createNotStarted(OPERATION, observations)
                .contextualName("dynamodb " + operation)
                .lowCardinalityKeyValue("adapter", String.join(",", adapters))
                .lowCardinalityKeyValue("table", String.join(",", adapterTables))
                .lowCardinalityKeyValue("operation", operation)
                .start();
        attributes.putAttribute(CALL, new Call(operation, observation));
    }

    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        if (askForCapacity && attributes.getAttribute(CALL) != null) {
            return DynamoDbCalls.withTotalConsumedCapacity(context.request());
        }
        return context.request();
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call == null) {
            return;
        }
        Map<String, TableUsage> usage = DynamoDbCalls.usage(context.request(), context.response());
        usage.forEach((table, tableUsage) -> tables.adaptersOf(table)
                .ifPresent(adapter -> record(adapter, table, call.operation(), tableUsage)));
        call.observation().lowCardinalityKeyValue("outcome", "success").lowCardinalityKeyValue("error", "none")
                .stop();
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        Call call = attributes.getAttribute(CALL);
        if (call == null) {
            return;
        }
        Throwable failure = context.exception();
        String code = failure instanceof AwsServiceException service && service.awsErrorDetails() != null
                && service.awsErrorDetails().errorCode() != null ? service.awsErrorDetails().errorCode()
                        : failure.getClass().getSimpleName();
        call.observation().lowCardinalityKeyValue("outcome", "error").lowCardinalityKeyValue("error", code)
                .error(failure).stop();
    }

    private void record(String adapter, String table, String operation, TableUsage usage) {
        Tags tags = Tags.of("adapter", adapter, "table", table, "operation", operation);
        if (usage.returned() != null) {
            summary(RETURNED, "Items a read returned", "items", tags).record(usage.returned());
            summary(SCANNED, "Items a read made DynamoDB read, before any filter", "items", tags)
                    .record(Objects.requireNonNull(usage.scanned(), "a read counts what it scanned"));
        }
        if (usage.capacity() != null) {
            summary(CAPACITY, "Capacity units a call consumed", "capacity units", tags).record(usage.capacity());
        }
    }

    private DistributionSummary summary(String name, String description, String unit, Tags tags) {
        return DistributionSummary.builder(name).description(description).baseUnit(unit).tags(tags).register(meters);
    }

    private record Call(String operation, Observation observation) {
    }
}
