package io.dynamodbtoolkit.boot.autoconfigure.actuate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.mass.IndexBackfill;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassPageResult;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.provision.RetiredIndex;
import io.dynamodbtoolkit.provision.TableProvisioner;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The {@code dynamodbtoolkit} Actuator endpoint: index evolution of the adapters.
 * <ul>
 *   <li>{@code GET /actuator/dynamodbtoolkit}: the indexes start-up provisioning found to need a backfill (estimated)
 *   and those no longer declared whose computed attributes items keep;</li>
 *   <li>{@code POST /actuator/dynamodbtoolkit/backfill/{adapter}/{index}}: one run of {@link IndexBackfill} for a
 *   declared index (the whole table, in parallel Scan segments), or, for an index the table has and the
 *   declaration no longer names, the removal of its stale computed attributes. The JSON body may set
 *   {@code maxItems} (default {@value #DEFAULT_MAX_ITEMS}; 0 for no bound), {@code cursor} (from the previous
 *   run's answer), {@code concurrency} and {@code segments}. The answer is the run's outcome with the cursor to
 *   post next while {@code complete} is false.</li>
 *   <li>{@code POST /actuator/dynamodbtoolkit/backfill-unique/{adapter}/{field}}: one run of
 *   {@link MassOperations#backfillUnique} for a unique field: the guards of the rows that have none written, over the
 *   whole table in one run (no body; {@code concurrency}, {@code maxItems}, {@code cursor} and {@code segments} are
 *   refused). Rows sharing a value are refused with 409, listing them, before anything is written; the answer counts
 *   the guards written and the rows already guarded, failed or in conflict.</li>
 * </ul>
 * Writes are off unless allowed: the endpoint's default access is read-only, so the POST is only there with
 * {@code management.endpoint.dynamodbtoolkit.access=unrestricted} (and the endpoint exposed, e.g.
 * {@code management.endpoints.web.exposure.include=health,dynamodbtoolkit}); secure it as any write endpoint.
 */
@Endpoint(id = DynamoDbToolkitEndpoint.ID, defaultAccess = Access.READ_ONLY)
public class DynamoDbToolkitEndpoint {

    /** The endpoint id. */
    public static final String ID = "dynamodbtoolkit";
    /** The operation segment of the write path. */
    public static final String BACKFILL = "backfill";
    /** The operation segment of the write path backfilling a unique field's guards. */
    public static final String BACKFILL_UNIQUE = "backfill-unique";
    /** The items one run reads unless the request says otherwise. */
    public static final long DEFAULT_MAX_ITEMS = 10_000;
    private static final int FAILURES_SHOWN = 10;
    /** The status of a backfill of a unique field refused because rows share values. */
    private static final int STATUS_CONFLICT = 409;

    private final Map<String, Adapter<?>> adapters;
    private final IndexEvolution evolution;
    private final TableProvisioner provisioner;
    private final MassProgressListener progress;

    /**
     * @param adapters    the adapters, by adapter name
     * @param evolution   what provisioning found, updated as runs complete
     * @param provisioner describes tables, to find indexes no longer declared
     * @param progress    hears every run's progress (e.g. the mass-operation gauges)
     */
    public DynamoDbToolkitEndpoint(Map<String, Adapter<?>> adapters, IndexEvolution evolution,
            TableProvisioner provisioner, MassProgressListener progress) {
        this.adapters = new TreeMap<>(adapters);
        this.evolution = evolution;
        this.provisioner = provisioner.withBackfillSample(0);
        this.progress = progress;
    }

    /** @return the indexes to backfill or to clean and the unique fields whose guards to backfill, by adapter */
    @ReadOperation
    public IndexEvolutionDescriptor indexEvolution() {
        return new IndexEvolutionDescriptor(adapters.keySet().stream().toList(), evolution.byAdapter(),
                evolution.warnings());
    }

    /**
     * Runs a backfill of a declared index, or the removal of a retired index's stale attributes, once; or, for
     * {@value #BACKFILL_UNIQUE}, the backfill of a unique field's guards over the whole table.
     *
     * @param operation   {@value #BACKFILL} or {@value #BACKFILL_UNIQUE}
     * @param adapter     the adapter's name
     * @param index       the index, or the unique field
     * @param maxItems    the most items the run reads (default {@value #DEFAULT_MAX_ITEMS}, 0 for no bound)
     * @param cursor      the previous run's cursor, to resume
     * @param concurrency the most writes in flight
     * @param segments    the parallel Scan segments (a cursor resumes only the same number)
     * @return the run's outcome; 404 for an unknown adapter, index or unique field, 400 for bad input, 409 when rows
     *         of a unique field share values
     */
    @WriteOperation
    public WebEndpointResponse<OperationResponseBody> backfill(@Selector String operation, @Selector String adapter,
            @Selector String index, @Nullable Long maxItems, @Nullable String cursor, @Nullable Integer concurrency,
            @Nullable Integer segments) {
        if (!BACKFILL.equals(operation) && !BACKFILL_UNIQUE.equals(operation)) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "Unknown operation '" + operation + "': POST /actuator/"
                    + ID + "/" + BACKFILL + "/{adapter}/{index} or /actuator/" + ID + "/" + BACKFILL_UNIQUE
                    + "/{adapter}/{field}");
        }
        Adapter<?> target = adapters.get(adapter);
        if (target == null) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "Unknown adapter '" + adapter + "'; the adapters are "
                    + adapters.keySet());
        }
        if (BACKFILL_UNIQUE.equals(operation)) {
            return backfillUnique(target, adapter, index, maxItems, cursor, concurrency, segments);
        }
        try {
            MassOptions options = MassOptions.defaults().withMaxItems(maxItems == null ? DEFAULT_MAX_ITEMS : maxItems)
                    .withCursor(cursor);
            options = concurrency == null ? options : options.withConcurrency(concurrency);
            MassScope scope = MassScope.wholeTable(segments == null ? IndexBackfill.DEFAULT_SCAN_SEGMENTS : segments);
            IndexBackfill backfill = IndexBackfill.of(target).withListener(progress);
            if (target.declaration().indexes().find(index).isPresent()) {
                return outcome(adapter, index, "backfill", backfill.backfill(index, scope, options));
            }
            Optional<RetiredIndex> retired = provisioner.validate(target.declaration()).retiredIndexes().stream()
                    .filter(candidate -> candidate.index().equals(index)).findFirst();
            if (retired.isEmpty()) {
                return error(WebEndpointResponse.STATUS_NOT_FOUND, "Index '" + index + "' is neither declared for "
                        + "adapter '" + adapter + "' nor on table " + target.table() + "; the declared indexes are "
                        + target.declaration().indexes().all().stream().map(IndexDeclaration::name).toList());
            }
            if (retired.get().attributes().isEmpty()) {
                return error(WebEndpointResponse.STATUS_BAD_REQUEST, "Index '" + index + "' is no longer declared, "
                        + "but none of its key attributes is one the toolkit computed (under the technical prefix): "
                        + "nothing to remove");
            }
            return outcome(adapter, index, "remove-stale",
                    backfill.removeStale(retired.get().attributes(), scope, options));
        } catch (IllegalArgumentException badInput) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, badInput.getMessage());
        }
    }

    /** Writes the missing guards of a unique field over the whole table, refusing the options it does not take. */
    private WebEndpointResponse<OperationResponseBody> backfillUnique(Adapter<?> target, String adapter, String field,
            @Nullable Long maxItems, @Nullable String cursor, @Nullable Integer concurrency,
            @Nullable Integer segments) {
        Map<String, @Nullable Object> given = new LinkedHashMap<>();
        given.put("maxItems", maxItems);
        given.put("cursor", cursor);
        given.put("concurrency", concurrency);
        given.put("segments", segments);
        List<String> refused = given.entrySet().stream().filter(option -> option.getValue() != null)
                .map(Map.Entry::getKey).toList();
        if (!refused.isEmpty()) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, BACKFILL_UNIQUE + " runs over the whole table in "
                    + "one run with the default concurrency and takes no " + refused + "; post it without them");
        }
        if (!target.declaration().uniques().isUnique(field)) {
            return error(WebEndpointResponse.STATUS_NOT_FOUND, "'" + field + "' is not a unique field of adapter '"
                    + adapter + "'; its unique fields are " + target.declaration().uniques());
        }
        MassPageResult result;
        try {
            result = MassOperations.of(target).backfillUnique(field);
        } catch (IllegalStateException duplicates) {
            return error(STATUS_CONFLICT, duplicates.getMessage());
        } catch (IllegalArgumentException badRow) {
            return error(WebEndpointResponse.STATUS_BAD_REQUEST, badRow.getMessage());
        }
        boolean complete = result.failed().isEmpty() && result.conflicts().isEmpty();
        if (complete) {
            evolution.uniqueCompleted(adapter, field);
        }
        List<String> failures = result.failed().stream().limit(FAILURES_SHOWN)
                .map(failure -> AttributeValues.showKey(failure.key()) + ": " + failure.reason()).toList();
        List<String> conflicts = result.conflicts().stream().limit(FAILURES_SHOWN)
                .map(conflict -> AttributeValues.showKey(conflict.key()) + ": " + conflict.reason()).toList();
        return new WebEndpointResponse<>(new UniqueBackfillRun(adapter, field, BACKFILL_UNIQUE, result.processed(),
                result.skipped(), result.failed().size(), result.conflicts().size(), failures, conflicts, complete));
    }

    private WebEndpointResponse<OperationResponseBody> outcome(String adapter, String index, String operation,
            MassResult result) {
        if (result.isComplete()) {
            evolution.completed(adapter, index);
        }
        List<String> failures = result.failed().stream().limit(FAILURES_SHOWN)
                .map(failure -> AttributeValues.showKey(failure.key()) + ": " + failure.reason()).toList();
        return new WebEndpointResponse<>(new BackfillRun(adapter, index, operation, result.processed(),
                result.skipped(), result.failed().size(), result.conflicts().size(), failures, result.isComplete(),
                result.cursor(), result.stopped().map(Throwable::toString).orElse(null)));
    }

    private static WebEndpointResponse<OperationResponseBody> error(int status, @Nullable String message) {
        return new WebEndpointResponse<>(new Refusal(status, message), status);
    }

    /**
     * Why a request was refused.
     *
     * @param status the HTTP status
     * @param error  what was wrong and what to send instead
     */
    public record Refusal(int status, @Nullable String error) implements OperationResponseBody {
    }

    /**
     * What the endpoint reads.
     *
     * @param adapters  the adapter names
     * @param found     the indexes to backfill or to clean, by adapter
     * @param warnings  the same, one line each
     */
    public record IndexEvolutionDescriptor(List<String> adapters, Map<String, IndexEvolution.Found> found,
            List<String> warnings) implements OperationResponseBody {
    }

    /**
     * The outcome of one backfill of a unique field's guards.
     *
     * @param adapter   the adapter
     * @param field     the unique field
     * @param operation {@value #BACKFILL_UNIQUE}
     * @param processed guards written
     * @param skipped   rows already guarded
     * @param failed    rows whose guard could not be written
     * @param conflicts rows whose guard points at another row, or that another row took meanwhile
     * @param failures  the first failures, each as key and reason
     * @param conflicted the first conflicts, each as key and reason
     * @param complete  whether every row holding a value now has its guard (no failure, no conflict)
     */
    public record UniqueBackfillRun(String adapter, String field, String operation, long processed, long skipped,
            long failed, long conflicts, List<String> failures, List<String> conflicted, boolean complete)
            implements OperationResponseBody {
    }

    /**
     * The outcome of one run.
     *
     * @param adapter   the adapter
     * @param index     the index
     * @param operation {@code backfill}, or {@code remove-stale} for an index no longer declared
     * @param processed items written
     * @param skipped   items that needed nothing (or were gone)
     * @param failed    items that failed (their keys travel in the cursor)
     * @param conflicts items written by the application meanwhile (which computes their attributes itself)
     * @param failures  the first failures, each as key and reason
     * @param complete  whether the whole table is done; else post again with the cursor
     * @param cursor    where the next run resumes, or null when complete
     * @param stoppedBy what ended the run early, or null
     */
    public record BackfillRun(String adapter, String index, String operation, long processed, long skipped,
            long failed, long conflicts, List<String> failures, boolean complete, @Nullable String cursor,
                    @Nullable String stoppedBy)
            implements OperationResponseBody {
    }
}
