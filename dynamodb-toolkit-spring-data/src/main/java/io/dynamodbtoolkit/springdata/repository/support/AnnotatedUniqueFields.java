package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import io.dynamodbtoolkit.springdata.mapping.Unique;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues.ValueHolder;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.repository.core.support.AbstractRepositoryMetadata;
import org.springframework.util.ClassUtils;

/**
 * The unique fields the {@link Unique @Unique} properties of an application's repository entities declare for an
 * adapter, read from the repositories' bean definitions (blocking and reactive) before any repository, adapter or
 * other bean exists: so that whoever builds the adapter (the Boot module, from its properties) can give it their
 * guards from its first write. A repository is bound to the adapter its {@link AdapterName @AdapterName} names, or,
 * without one, to the application's only {@link Adapter} or {@link AdapterDeclaration} bean, as when it is created.
 */
public final class AnnotatedUniqueFields {

    private final ConfigurableListableBeanFactory beans;

    private AnnotatedUniqueFields(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * @param beans the application's bean factory, its bean definitions registered
     * @return the reader of its repositories' annotations
     */
    public static AnnotatedUniqueFields of(ConfigurableListableBeanFactory beans) {
        return new AnnotatedUniqueFields(beans);
    }

    /**
     * @param adapterName the adapter's name, which is also its bean's name
     * @param keys        its key design
     * @param declared    the unique fields it declares, in order
     * @return the declared unique fields, then those the entities of its repositories annotate and it does not
     *         declare, each unique within the annotation's {@code within} among the tiers of the annotated classes
     * @throws DeclarationException naming the adapter's {@code unique} declaration and the annotated property, when an
     *                              annotation is on a key field, two annotations of one field differ in
     *                              {@code within}, an annotation and the declaration declare a field differently, or
     *                              an annotated field cannot be guarded
     */
    public List<UniqueField> union(String adapterName, KeyModel keys, List<UniqueField> declared) {
        return UniqueAnnotations.union(adapterName, keys, declared, repositoriesOf(adapterName, keys));
    }

    /** @return the entities of the repositories bound to the adapter */
    private List<UniqueAnnotations.Entities> repositoriesOf(String adapterName, KeyModel keys) {
        boolean onlyAdapter = adapterBeanNames().equals(Set.of(adapterName));
        List<UniqueAnnotations.Entities> entities = new ArrayList<>();
        for (String beanName : beans.getBeanDefinitionNames()) {
            BeanDefinition definition = beans.getBeanDefinition(beanName);
            Class<?> repositoryInterface = repositoryInterface(beanName, definition);
            if (repositoryInterface == null) {
                continue;
            }
            AdapterName requested = AnnotatedElementUtils.findMergedAnnotation(repositoryInterface,
                    AdapterName.class);
            if (requested == null ? onlyAdapter : requested.value().equals(adapterName)) {
                Class<?> domainType = AbstractRepositoryMetadata.getMetadata(repositoryInterface).getDomainType();
                entities.add(new UniqueAnnotations.Entities(converter(definition), TierClasses.of(domainType, keys)));
            }
        }
        return entities;
    }

    /** @return the names of the beans a repository without {@code @AdapterName} chooses from */
    private Set<String> adapterBeanNames() {
        Set<String> names = new TreeSet<>(List.of(beans.getBeanNamesForType(Adapter.class, true, false)));
        names.addAll(List.of(beans.getBeanNamesForType(AdapterDeclaration.class, true, false)));
        return names;
    }

    /** @return the repository interface of a toolkit repository's factory bean definition, else null */
    private @Nullable Class<?> repositoryInterface(String beanName, BeanDefinition definition) {
        String className = definition.getBeanClassName();
        ClassLoader loader = beans.getBeanClassLoader();
        if (className == null || !ClassUtils.isPresent(className, loader)
                || !AdapterRepositoryFactoryBeanSupport.class.isAssignableFrom(ClassUtils.resolveClassName(
                        className, loader))) {
            return null;
        }
        ValueHolder argument = definition.getConstructorArgumentValues().getIndexedArgumentValue(0, null);
        Object value = argument == null ? null : argument.getValue();
        if (value instanceof Class<?> type) {
            return type;
        }
        if (value instanceof String name) {
            return ClassUtils.resolveClassName(name, loader);
        }
        throw new IllegalStateException("The repository factory bean '" + beanName + "' (" + className + ") has no "
                + "repository interface as its first constructor argument, so the @Unique fields of its entities "
                + "cannot be read before it is created; define it as @EnableDynamoDbToolkitRepositories does");
    }

    /** @return the mapping the repository of a factory bean definition stores its entities with */
    private MappingDynamoDbConverter converter(BeanDefinition definition) {
        Object converter = definition.getPropertyValues().get("converter");
        if (converter instanceof RuntimeBeanReference reference) {
            return beans.getBean(reference.getBeanName(), MappingDynamoDbConverter.class);
        }
        if (converter instanceof MappingDynamoDbConverter given) {
            return given;
        }
        if (converter == null) {
            return new TemplateBeans(beans).defaultConverter();
        }
        throw new IllegalStateException("The converter of a repository factory bean is " + converter + ", neither a "
                + "bean reference nor a MappingDynamoDbConverter; name a converter bean (converterRef)");
    }
}
