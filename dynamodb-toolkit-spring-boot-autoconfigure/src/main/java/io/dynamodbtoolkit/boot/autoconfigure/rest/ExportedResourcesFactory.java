package io.dynamodbtoolkit.boot.autoconfigure.rest;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterRestProperties;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import io.dynamodbtoolkit.springweb.ExportedResource;
import io.dynamodbtoolkit.springweb.ExportedResources;
import io.dynamodbtoolkit.springweb.RestExported;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.StringUtils;

/**
 * Finds what the REST surface exports: each adapter configured with {@code rest.exported: true} (its template, the
 * entity type configured or the domain type of the application's repository on it), and each repository annotated
 * {@link RestExported @RestExported} (its template and domain type).
 */
final class ExportedResourcesFactory {

    private final ListableBeanFactory beans;
    private final DynamoDbToolkitProperties properties;

    ExportedResourcesFactory(ListableBeanFactory beans, DynamoDbToolkitProperties properties) {
        this.beans = beans;
        this.properties = properties;
    }

    /**
     * @throws RestEntityTypeMissingException when an exported adapter has no entity type (its failure analysis names
     *                                        the property to set)
     */
    ExportedResources create() {
        List<ExportedResource> resources = new ArrayList<>();
        List<Repository> repositories = repositories();
        for (Map.Entry<String, AdapterProperties> adapter : properties.getAdapters().entrySet()) {
            AdapterRestProperties rest = adapter.getValue().getRest();
            if (!rest.isExported()) {
                continue;
            }
            String name = adapter.getKey();
            DynamoDbToolkitTemplate template = beans.getBean(name + AdapterBeanRegistrar.TEMPLATE_BEAN_NAME_SUFFIX,
                    DynamoDbToolkitTemplate.class);
            resources.add(new ExportedResource(StringUtils.hasText(rest.getName()) ? rest.getName() : name, template,
                    rest.getEntityType() != null ? rest.getEntityType() : domainType(name, repositories)));
        }
        for (Repository repository : repositories) {
            RestExported exported = AnnotatedElementUtils.findMergedAnnotation(repository.repositoryInterface(),
                    RestExported.class);
            if (exported != null) {
                resources.add(new ExportedResource(exported.value().isEmpty() ? repository.template()
                        .getAdapterName() : exported.value(), repository.template(), repository.domainType()));
            }
        }
        return new ExportedResources(resources);
    }

    private static Class<?> domainType(String adapter, List<Repository> repositories) {
        Set<Class<?>> types = new LinkedHashSet<>();
        repositories.stream().filter(repository -> repository.template().getAdapterName().equals(adapter))
                .forEach(repository -> types.add(repository.domainType()));
        if (types.size() == 1) {
            return types.iterator().next();
        }
        throw new RestEntityTypeMissingException(adapter, DynamoDbToolkitProperties.PREFIX + ".adapters." + adapter
                + ".rest.entity-type", types.isEmpty() ? "no repository of the application is on it"
                        : "its repositories have several domain types " + types.stream().map(Class::getName).toList());
    }

    @SuppressWarnings("rawtypes")
    private List<Repository> repositories() {
        List<Repository> repositories = new ArrayList<>();
        Map<String, DynamoDbToolkitRepositoryFactoryBean> factories = beans.getBeansOfType(
                DynamoDbToolkitRepositoryFactoryBean.class);
        for (DynamoDbToolkitRepositoryFactoryBean<?, ?> factory : factories.values()) {
            factory.getObject();
            factory.template().ifPresent(template -> repositories.add(new Repository(factory
                    .getRepositoryInformation().getRepositoryInterface(), factory.getRepositoryInformation()
                    .getDomainType(), template)));
        }
        return repositories;
    }

    private record Repository(Class<?> repositoryInterface, Class<?> domainType, DynamoDbToolkitTemplate template) {
    }
}
