package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.index.Membership;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;

/**
 * The declarations of the adapters configured under {@code dynamodb.toolkit.adapters}: built from the properties
 * (their unique fields joined by those declared beside them, {@link EntityUniqueFields}), adjusted by the
 * {@link AdapterCustomizer}s, validated, each once. A declaration error becomes an
 * {@link InvalidAdapterDeclarationException} naming the adapter and, when it comes from the properties, the
 * configuration property at fault.
 */
public class AdapterDeclarations {

    private final DynamoDbToolkitProperties properties;
    private final List<AdapterCustomizer> customizers;
    private final AdapterDeclarationFactory factory;
    private final Map<String, AdapterDeclaration<Map<String, Object>>> built = new ConcurrentHashMap<>();

    /**
     * @param properties  the toolkit's properties
     * @param customizers the customizers, in order
     * @param beanFactory where {@code membership.bean} names are looked up
     * @param entityUniqueFields the unique fields declared beside the properties (the repositories' {@code @Unique})
     */
    public AdapterDeclarations(DynamoDbToolkitProperties properties, List<AdapterCustomizer> customizers,
            ListableBeanFactory beanFactory, EntityUniqueFields entityUniqueFields) {
        this.properties = properties;
        this.customizers = List.copyOf(customizers);
        this.factory = new AdapterDeclarationFactory(new IndexDeclarationFactory(
                (property, name) -> membershipBean(beanFactory, property, name)), entityUniqueFields);
    }

    /** @return the names of the configured adapters, in configuration order */
    public Set<String> names() {
        return properties.getAdapters().keySet();
    }

    /** @return every configured adapter's declaration, in configuration order */
    public List<AdapterDeclaration<Map<String, Object>>> all() {
        List<AdapterDeclaration<Map<String, Object>>> all = new ArrayList<>();
        names().forEach(name -> all.add(declaration(name)));
        return all;
    }

    /**
     * @param name a configured adapter's name
     * @return the declaration of a configured adapter
     * @throws InvalidAdapterDeclarationException when it cannot work
     * @throws IllegalArgumentException           when no adapter of that name is configured
     */
    public AdapterDeclaration<Map<String, Object>> declaration(String name) {
        AdapterProperties adapter = properties.getAdapters().get(name);
        if (adapter == null) {
            throw new IllegalArgumentException("No adapter '" + name + "' is configured under "
                    + DynamoDbToolkitProperties.PREFIX + ".adapters; the configured adapters are " + names());
        }
        return built.computeIfAbsent(name, key -> build(key, adapter));
    }

    /**
     * @param name a configured adapter's name
     * @return the table of a configured adapter: the table prefix plus its table (or its name)
     */
    public String tableOf(String name) {
        AdapterProperties adapter = properties.getAdapters().get(name);
        String table = adapter == null || adapter.getTable() == null || adapter.getTable().isBlank() ? name
                : adapter.getTable();
        return (properties.getTablePrefix() == null ? "" : properties.getTablePrefix()) + table;
    }

    /**
     * Restates a declaration error of an adapter found after its declaration was built (e.g. a field no repository's
     * entity holds) in terms of its configuration properties.
     *
     * @param name  the adapter's name
     * @param error the error, naming the core's declaration property
     * @return an {@link InvalidAdapterDeclarationException} naming the configuration property, or the error itself
     *         when the adapter is not configured under {@code dynamodb.toolkit.adapters}
     */
    public DeclarationException restate(String name, DeclarationException error) {
        AdapterProperties adapter = properties.getAdapters().get(name);
        if (adapter == null) {
            return error;
        }
        return invalid(name, new ConfigurationPropertyNames(name, adapter.getIndices().keySet()), error, "");
    }

    private AdapterDeclaration<Map<String, Object>> build(String name, AdapterProperties adapter) {
        ConfigurationPropertyNames names = new ConfigurationPropertyNames(name, adapter.getIndices().keySet());
        AdapterDeclaration.Builder<Map<String, Object>> builder;
        try {
            builder = factory.builder(name, tableOf(name), adapter);
        } catch (DeclarationException e) {
            throw invalid(name, names, e, "");
        }
        for (AdapterCustomizer customizer : customizers) {
            try {
                customizer.customize(name, builder);
            } catch (DeclarationException e) {
                throw invalid(name, null, e, " (in " + customizer.getClass().getName() + ")");
            }
        }
        try {
            return builder.build();
        } catch (DeclarationException e) {
            throw invalid(name, names, e, "");
        }
    }

    private static InvalidAdapterDeclarationException invalid(String adapter,
            @Nullable ConfigurationPropertyNames names,
            DeclarationException error, String origin) {
        String property = names == null ? null : names.translate(error.property());
        return new InvalidAdapterDeclarationException(adapter, property != null ? property
                : error.property() + origin, error.problem(), error.fix(), error);
    }

    private static Membership membershipBean(ListableBeanFactory beanFactory, String property, String name) {
        try {
            return beanFactory.getBean(name, Membership.class);
        } catch (NoSuchBeanDefinitionException e) {
            String[] candidates = beanFactory.getBeanNamesForType(Membership.class);
            throw new DeclarationException(property, "there is no bean of type " + Membership.class.getName()
                    + " named '" + name + "'" + (candidates.length == 0 ? " (there is none of that type)"
                            : "; the Membership beans are " + Arrays.toString(candidates)),
                    "declare one, e.g. @Bean Membership " + name + "() { return Membership.onlyWhen(Set.of(\"status\"),"
                            + " item -> ...); }, or fix the name");
        }
    }
}
