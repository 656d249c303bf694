package io.dynamodbtoolkit.springbatch.job;

import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.CONFIRM_UNSCOPED;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.KEY;
import static io.dynamodbtoolkit.springbatch.job.MassJobParameters.TARGET;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyCodec;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import org.springframework.batch.core.job.parameters.JobParameters;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The scope a job runs in. A job runs in its own threads (and, partitioned remotely, in other processes), where no
 * request's scope is current; so on an adapter whose template confines calls to a scope (a tenant), the job's key
 * names the scope fields itself, and that is the job's scope: the target must lie in it, and when the job is started
 * inside a scope, the key must lie in that one. Checked before anything is read.
 */
final class JobScope {

    private final DynamoDbToolkitTemplate template;

    /** @param template the template of the job's adapter */
    JobScope(DynamoDbToolkitTemplate template) {
        this.template = template;
    }

    /**
     * @param request    the job's request
     * @param parameters its parameters
     * @throws IllegalArgumentException naming the parameter that leaves the scope, the key that names no scope where
     *                                  one is needed, or the confirmation a delete outside the scope lacks
     */
    void check(MassJobRequest request, JobParameters parameters) {
        List<String> fields = template.getScopeFields();
        if (fields.isEmpty() && template.getScopeProvider().isPresent() && request.kind().deletes()
                && !"true".equals(MassJobRequest.text(parameters, CONFIRM_UNSCOPED))) {
            throw new IllegalArgumentException("The adapter '" + template.getAdapterName() + "' is outside the "
                    + "application's scope (its scope provider does not confine it), and " + request.kind().jobName()
                    + " deletes what it reads: confirm with the job parameter '" + CONFIRM_UNSCOPED + "=true'");
        }
        if (fields.isEmpty()) {
            checkTarget(request, List.of());
            return;
        }
        if (request.key() == null) {
            if (request.kind() != MassJobKind.BACKFILL_INDEX) {
                throw new IllegalArgumentException("The job parameter '" + KEY + "' is required on the adapter '"
                        + template.getAdapterName() + "', whose calls are confined to a scope " + fields + ": name "
                        + "the scope's node, or the job would read every scope");
            }
            return;
        }
        for (String field : fields) {
            if (!request.key().has(field)) {
                throw new IllegalArgumentException("The job parameter '" + KEY + "' must name the scope field '"
                        + field + "' of the adapter '" + template.getAdapterName() + "': a job runs outside any "
                        + "request's scope, so its key is its scope");
            }
        }
        Optional<KeyValues> current = template.getScopeProvider().flatMap(ScopeProvider::currentScope);
        if (current.isPresent() && !scopeOf(current.get(), fields).equals(scopeOf(request.key(), fields))) {
            throw new IllegalArgumentException("The job parameter '" + KEY + "' lies outside the current scope "
                    + current.get() + "; cross-scope jobs are refused");
        }
        checkTarget(request, fields);
    }

    private void checkTarget(MassJobRequest request, List<String> fields) {
        KeyValues target = request.target();
        if (target == null) {
            return;
        }
        KeyValues key = request.requiredKey();
        if (!target.asMap().keySet().equals(key.asMap().keySet())) {
            throw new IllegalArgumentException("The job parameter '" + TARGET + "' must name the same key fields as '"
                    + KEY + "' " + key.asMap().keySet() + " (a node of the same depth), not "
                    + target.asMap().keySet());
        }
        if (codec().keyAttributesFromKeyValues(target).equals(codec().keyAttributesFromKeyValues(key))) {
            throw new IllegalArgumentException("The job parameter '" + TARGET + "' is the source node itself (" + key
                    + "): a copy or move must write under another node, never inside the subtree it reads");
        }
        if (!scopeOf(target, fields).equals(scopeOf(key, fields))) {
            throw new IllegalArgumentException("The job parameter '" + TARGET + "' lies outside the job's scope "
                    + scopeOf(key, fields) + " (the scope fields of '" + KEY + "'); cross-scope copies are refused");
        }
    }

    private Map<String, AttributeValue> scopeOf(KeyValues values, List<String> fields) {
        Map<String, AttributeValue> attributes = codec().keyAttributesFromKeyValues(values);
        attributes.keySet().retainAll(fields);
        return attributes;
    }

    private KeyCodec codec() {
        return template.getAdapter().keys().codec();
    }

    /**
     * @param request the job's request
     * @param item    a copy about to be written
     * @return the copy, when it lies within the job's scope (the scope fields of its key)
     * @throws IllegalArgumentException when it lies in another scope
     */
    Map<String, AttributeValue> requireWithin(MassJobRequest request, Map<String, AttributeValue> item) {
        List<String> fields = template.getScopeFields();
        KeyValues key = request.key();
        if (fields.isEmpty() || key == null) {
            return item;
        }
        Map<String, AttributeValue> scope = scopeOf(key, fields);
        for (String field : fields) {
            if (!Objects.equals(scope.get(field), item.get(field))) {
                throw new IllegalArgumentException("The change makes a copy outside the job's scope " + scope
                        + ": its " + field + " is " + item.get(field) + "; cross-scope copies are refused");
            }
        }
        return item;
    }
}
