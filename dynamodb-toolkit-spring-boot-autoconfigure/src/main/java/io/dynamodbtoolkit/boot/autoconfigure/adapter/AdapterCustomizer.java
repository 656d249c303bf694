package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;

/**
 * Adjusts the declaration of an adapter configured under {@code dynamodb.toolkit.adapters} before it is built:
 * hooks, a filter allowlist, extra indexes, anything that is code rather than configuration. Declare one or more
 * as beans; they run in {@link org.springframework.core.annotation.Order order}, after the properties are applied.
 *
 * <pre>{@code
 * @Bean
 * AdapterCustomizer rentalHooks() {
 *     return (name, declaration) -> {
 *         if (name.equals("rentals")) {
 *             declaration.hooks(Hooks.NONE.withValidator(...));
 *         }
 *     };
 * }
 * }</pre>
 */
@FunctionalInterface
public interface AdapterCustomizer {

    /**
     * @param adapterName the adapter's name (its key under {@code dynamodb.toolkit.adapters} and its bean name)
     * @param declaration the declaration built from the properties, not yet validated as a whole
     */
    void customize(String adapterName, AdapterDeclaration.Builder<Map<String, Object>> declaration);
}
