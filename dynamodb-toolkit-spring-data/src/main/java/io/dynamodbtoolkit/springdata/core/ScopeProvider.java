package io.dynamodbtoolkit.springdata.core;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.dynamodbtoolkit.key.KeyValues;

/**
 * Supplies the scope every repository and template call is confined to, typically the tenant of the current request.
 * Declare one bean; each repository (and {@link DynamoDbToolkitTemplate}) whose key design starts with the scope
 * fields then adds the current scope to every key it reads or writes, and refuses a call that names another value for
 * a scope field. A repository whose key design lacks the scope fields fails at start-up unless it is annotated
 * {@link io.dynamodbtoolkit.springdata.repository.Unscoped @Unscoped}.
 *
 * <pre>{@code
 * @Bean
 * ScopeProvider tenantScope() {
 *     return ScopeProvider.of(List.of("tenant"), () -> Optional.ofNullable(TenantContext.current())
 *             .map(tenant -> KeyValues.of("tenant", tenant)));
 * }
 * }</pre>
 */
public interface ScopeProvider {

    /** @return the key fields a scope gives values to: the leading key fields of the key design, in order */
    List<String> scopeFields();

    /** @return the current scope (values for every scope field), or empty outside any scope */
    Optional<KeyValues> currentScope();

    /**
     * @param scopeFields the leading key fields a scope gives values to
     * @param current     supplies the current scope
     * @return a provider
     */
    static ScopeProvider of(List<String> scopeFields, Supplier<Optional<KeyValues>> current) {
        List<String> fields = List.copyOf(scopeFields);
        return new ScopeProvider() {
            @Override
            public List<String> scopeFields() {
                return fields;
            }

            @Override
            public Optional<KeyValues> currentScope() {
                return current.get();
            }
        };
    }
}
