package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.FieldRule;
import io.dynamodbtoolkit.expression.FieldType;
import io.dynamodbtoolkit.expression.Filter;
import io.dynamodbtoolkit.expression.FilterClause;
import io.dynamodbtoolkit.expression.FilterOperator;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The scope one repository applies: the {@link ScopeProvider}'s current values for the leading key fields, added to
 * every key read or written; a call naming another value for a scope field is refused.
 */
public final class RepositoryScope {

    private final ScopeProvider provider;
    private final KeyModel keys;
    private final List<String> fields;
    private final boolean confining;

    private RepositoryScope(ScopeProvider provider, KeyModel keys, List<String> fields, boolean confining) {
        this.provider = provider;
        this.keys = keys;
        this.fields = fields;
        this.confining = confining;
    }

    /** @return the scope of a repository when the application has no scope provider */
    public static RepositoryScope none(KeyModel keys) {
        return new RepositoryScope(null, keys, List.of(), false);
    }

    /**
     * @param provider   the application's scope provider
     * @param keys       the repository's key design
     * @param unscoped   whether the repository opted out with {@code @Unscoped}
     * @param repository the repository interface, for messages
     * @throws DeclarationException when the key design does not start with the scope fields and the repository did
     *                              not opt out
     */
    public static RepositoryScope of(ScopeProvider provider, KeyModel keys, boolean unscoped, Class<?> repository) {
        if (unscoped) {
            return new RepositoryScope(provider, keys, List.of(), false);
        }
        List<String> fields = List.copyOf(provider.scopeFields());
        List<String> leading = keys.keyFields().stream().limit(fields.size()).map(f -> f.name()).toList();
        if (fields.isEmpty() || !leading.equals(fields)) {
            throw new DeclarationException(repository.getName(), "the ScopeProvider confines calls to key fields "
                    + fields + ", but the key design " + keys + " does not start with them",
                    "make the scope fields the leading key fields of the adapter, or annotate the repository "
                            + "@Unscoped if its items are not scoped");
        }
        return new RepositoryScope(provider, keys, fields, true);
    }

    /** @return the scope fields (empty when the repository is not confined) */
    public List<String> fields() {
        return fields;
    }

    /** @return whether an application scope exists that this call runs outside of (or that the repository opted out of) */
    public boolean isUnscopedCall() {
        return provider != null && (!confining || provider.currentScope().isEmpty());
    }

    /**
     * Adds the current scope to key values.
     *
     * @throws PermissionDeniedDataAccessException when the values name another value for a scope field
     * @throws InvalidDataAccessApiUsageException  when there is no current scope and the values lack a scope field
     */
    public KeyValues apply(KeyValues values) {
        if (!confining) {
            return values;
        }
        Optional<KeyValues> scope = provider.currentScope();
        if (scope.isEmpty()) {
            for (String field : fields) {
                if (!values.has(field)) {
                    throw new InvalidDataAccessApiUsageException("There is no current scope, and the call names no '"
                            + field + "': name it explicitly or run inside a scope");
                }
            }
            return values;
        }
        Map<String, AttributeValue> expected = keys.keyFieldAttributes(scope.get());
        KeyValues scoped = values;
        for (String field : fields) {
            AttributeValue required = expected.get(field);
            if (values.has(field)) {
                requireSame(field, keys.keyFieldAttributes(scope.get().and(field, values.get(field))).get(field),
                        required);
            } else {
                scoped = scoped.and(field, required);
            }
        }
        return scoped;
    }

    /** Adds the current scope to an item about to be written (or checks the item's scope fields against it). */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        if (!confining) {
            return item;
        }
        Optional<KeyValues> scope = provider.currentScope();
        if (scope.isEmpty()) {
            return item;
        }
        Map<String, AttributeValue> expected = keys.keyFieldAttributes(scope.get());
        Map<String, AttributeValue> scoped = new LinkedHashMap<>(item);
        for (String field : fields) {
            AttributeValue present = item.get(field);
            if (present == null || Boolean.TRUE.equals(present.nul())) {
                scoped.put(field, expected.get(field));
            } else {
                requireSame(field, present, expected.get(field));
            }
        }
        return scoped;
    }

    /**
     * Confines a Scan to the current scope: equality clauses on the scope fields are added to its filter.
     *
     * @throws InvalidDataAccessApiUsageException when the repository is confined but there is no current scope
     */
    public Filter confine(Filter filter) {
        if (!confining) {
            return filter;
        }
        KeyValues scope = provider.currentScope().orElseThrow(() -> new InvalidDataAccessApiUsageException(
                "There is no current scope: a Scan of a scoped repository needs one, or it would read every scope"));
        List<FilterClause> clauses = new ArrayList<>(filter.clauses());
        keys.keyFieldAttributes(scope).forEach((field, value) -> clauses.add(new FilterClause(
                FieldRule.of(field, FieldType.valueOf(keys.keyField(keys.positionOf(field)).type().name())),
                FilterOperator.EQ, List.of(value), show(value))));
        return Filter.of(clauses);
    }

    private static void requireSame(String field, AttributeValue given, AttributeValue required) {
        if (!given.equals(required)) {
            throw new PermissionDeniedDataAccessException("The call names " + field + "=" + show(given)
                    + " outside the current scope " + field + "=" + show(required) + "; cross-scope access is refused",
                    null);
        }
    }

    private static String show(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString();
    }
}
