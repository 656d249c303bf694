package io.dynamodbtoolkit.springweb;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * A {@link ScopeProvider} reading the scope from Spring Security's authenticated principal, as the original's
 * {@code exampleFromContext} derives the tenant from the request: outside an authentication (or for an anonymous
 * one) there is no scope, so the REST surface refuses collection-wide deletes and a scoped template names no tenant.
 * Needs {@code spring-security-core} on the classpath (optional for this module).
 *
 * <pre>{@code
 * @Bean
 * ScopeProvider tenantScope() {
 *     return PrincipalScopeProvider.byName("tenant");   // the user acme works in the tenant acme
 * }
 * }</pre>
 */
public final class PrincipalScopeProvider implements ScopeProvider {

    private final List<String> scopeFields;
    private final Function<Authentication, Optional<KeyValues>> scopeOf;

    private PrincipalScopeProvider(List<String> scopeFields, Function<Authentication, Optional<KeyValues>> scopeOf) {
        this.scopeFields = List.copyOf(scopeFields);
        this.scopeOf = scopeOf;
    }

    /**
     * @param scopeFields the leading key fields a scope gives values to
     * @param scopeOf     the scope of an authenticated principal (empty: none)
     * @return a provider
     */
    public static PrincipalScopeProvider of(List<String> scopeFields,
            Function<Authentication, Optional<KeyValues>> scopeOf) {
        return new PrincipalScopeProvider(scopeFields, scopeOf);
    }

    /**
     * @param scopeField the one scope field, the partition key's
     * @return a provider whose scope is the authenticated principal's name
     */
    public static PrincipalScopeProvider byName(String scopeField) {
        return of(List.of(scopeField), authentication -> Optional.of(KeyValues.of(scopeField,
                authentication.getName())));
    }

    @Override
    public List<String> scopeFields() {
        return scopeFields;
    }

    @Override
    public Optional<KeyValues> currentScope() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !authentication.isAuthenticated()
                || authentication instanceof AnonymousAuthenticationToken) {
            return Optional.empty();
        }
        return scopeOf.apply(authentication);
    }
}
