package io.dynamodbtoolkit.springweb;

import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import org.springframework.dao.DataAccessException;

/**
 * {@code DELETE /}: the core's mass delete of every row matching a filter, within the current scope (the key seek of
 * the scope's node and everything under it, planned by the template) or, where the policy allows it, the whole table
 * (the unscoped delete is then confirmed). Failures are translated by the template's exception translator.
 */
final class MatchingDelete {

    private final DynamoDbToolkitTemplate template;

    MatchingDelete(DynamoDbToolkitTemplate template) {
        this.template = template;
    }

    MassResult run(Optional<KeyValues> scope, MassOptions options) {
        try {
            MassOperations<?> mass = MassOperations.of(template.getAdapter());
            return scope.isPresent()
                    ? mass.delete(MassScope.of(template.plan(SubtreeQuery.selfAndDescendants(scope.get()))), options)
                    : mass.delete(MassScope.wholeTable(), options.confirmingUnscopedDelete());
        } catch (RuntimeException e) {
            DataAccessException translated = template.getExceptionTranslator().translateExceptionIfPossible(e);
            throw translated != null ? translated : e;
        }
    }
}
