package io.dynamodbtoolkit.springdata.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The scope a template applies: the {@link ScopeProvider}'s current values for the leading key fields, added to every
 * key read or written; a call naming another value for a scope field is refused. A template confines its calls when
 * the application has a scope provider whose fields are the leading key fields of the adapter's key design; with a
 * provider that does not fit the key design, or for a view that opted out ({@code @Unscoped} repositories), calls are
 * not confined, and mass deletes must be confirmed.
 */
final class TemplateScope {

    private final @Nullable ScopeProvider provider;
    private final KeyModel keys;
    private final List<String> fields;
    private final boolean confining;

    private TemplateScope(@Nullable ScopeProvider provider, KeyModel keys, List<String> fields, boolean confining) {
        this.provider = provider;
        this.keys = keys;
        this.fields = fields;
        this.confining = confining;
    }

    /** @return the scope of a template when the application has no scope provider */
    static TemplateScope none(KeyModel keys) {
        return new TemplateScope(null, keys, List.of(), false);
    }

    /**
     * @param provider the application's scope provider
     * @param keys     the adapter's key design
     * @return a scope confining calls when the key design starts with the provider's scope fields, else one that
     *         confines nothing (and asks mass deletes for confirmation)
     */
    static TemplateScope of(ScopeProvider provider, KeyModel keys) {
        List<String> fields = List.copyOf(provider.scopeFields());
        List<String> leading = keys.keyFields().stream().limit(fields.size()).map(f -> f.name()).toList();
        boolean fits = !fields.isEmpty() && leading.equals(fields);
        return new TemplateScope(provider, keys, fits ? fields : List.of(), fits);
    }

    /** @return the same provider, confining nothing: a call is then outside the scope, like an {@code @Unscoped} one */
    TemplateScope optedOut() {
        return provider == null ? this : new TemplateScope(provider, keys, List.of(), false);
    }

    /**
     * @return this scope with the provider's current scope read now and kept, for the checks a call makes later in
     *         other threads (a mass run's pieces on the adapter's executor, an asynchronous call's continuation in
     *         the client's threads): a thread-bound provider has no scope there, and a check outside any scope lets
     *         a key that names its scope fields through
     */
    TemplateScope pinned() {
        if (provider == null) {
            return this;
        }
        Optional<KeyValues> now = provider.currentScope();
        return new TemplateScope(ScopeProvider.of(provider.scopeFields(), () -> now), keys, fields, confining);
    }

    /** @return the application's scope provider, if any */
    Optional<ScopeProvider> provider() {
        return Optional.ofNullable(provider);
    }

    /** @return whether calls are confined to the current scope */
    boolean isConfining() {
        return confining;
    }

    /** @return the scope fields (empty when calls are not confined) */
    List<String> fields() {
        return fields;
    }

    /** @return whether an application scope exists that this call runs outside of (or that the view opted out of) */
    boolean isUnscopedCall() {
        return provider != null && (!confining || provider.currentScope().isEmpty());
    }

    /**
     * Adds the current scope to key values.
     *
     * @throws PermissionDeniedDataAccessException when the values name another value for a scope field
     * @throws InvalidDataAccessApiUsageException  when there is no current scope and the values lack a scope field
     */
    KeyValues apply(KeyValues values) {
        if (!confining) {
            return values;
        }
        Optional<KeyValues> scope = confiningProvider().currentScope();
        if (scope.isEmpty()) {
            for (String field : fields) {
                if (!values.has(field)) {
                    throw new InvalidDataAccessApiUsageException("There is no current scope, and the call names no '"
                            + field + "': name it explicitly or run inside a scope");
                }
            }
            return values;
        }
        Map<String, AttributeValue> expected = keys.codec().keyAttributesFromKeyValues(scope.get());
        KeyValues scoped = values;
        for (String field : fields) {
            AttributeValue required = expected.get(field);
            if (values.has(field)) {
                AttributeValue given = keys.codec().keyAttributesFromKeyValues(scope.get().and(field,
                        Objects.requireNonNull(values.get(field), "the values have the field"))).get(field);
                requireSame(field, given, required);
            } else {
                scoped = scoped.and(field, Objects.requireNonNull(required, "the scope has each of its fields"));
            }
        }
        return scoped;
    }

    /** Adds the current scope to an item about to be written (or checks the item's scope fields against it). */
    Map<String, AttributeValue> apply(Map<String, AttributeValue> item) {
        if (!confining) {
            return item;
        }
        Optional<KeyValues> scope = confiningProvider().currentScope();
        if (scope.isEmpty()) {
            return item;
        }
        Map<String, AttributeValue> expected = keys.codec().keyAttributesFromKeyValues(scope.get());
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
     * @throws InvalidDataAccessApiUsageException when calls are confined but there is no current scope
     */
    Filter confine(Filter filter) {
        if (!confining) {
            return filter;
        }
        KeyValues scope = confiningProvider().currentScope().orElseThrow(() -> new InvalidDataAccessApiUsageException(
                "There is no current scope: a Scan of a scoped repository needs one, or it would read every scope"));
        List<FilterClause> clauses = new ArrayList<>();
        keys.codec().keyAttributesFromKeyValues(scope).forEach((field, value) -> clauses.add(new FilterClause(
                FieldRule.of(field, FieldType.valueOf(keys.keyField(keys.positionOf(field)).type().name())),
                FilterOperator.EQ, List.of(value), show(value))));
        return filter.and(clauses);
    }

    // Spring declares PermissionDeniedDataAccessException's cause non-null, but the refusal has none
    @SuppressWarnings("NullAway")
    private static void requireSame(String field, @Nullable AttributeValue given, @Nullable AttributeValue required) {
        if (!Objects.requireNonNull(given, "the scope fields have values").equals(required)) {
            throw new PermissionDeniedDataAccessException("The call names " + field + "=" + show(given)
                    + " outside the current scope " + field + "=" + show(required) + "; cross-scope access is refused",
                    null);
        }
    }

    private static String show(AttributeValue value) {
        return value.s() != null ? value.s() : value.n() != null ? value.n() : value.toString();
    }

    /** @return the provider of a confining scope (only the scope of no provider has none) */
    private ScopeProvider confiningProvider() {
        return Objects.requireNonNull(provider, "a confining scope has its provider");
    }
}
