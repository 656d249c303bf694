package io.dynamodbtoolkit.springdata.aot;

import io.dynamodbtoolkit.springdata.repository.support.AdapterRepositoryFactoryBeanSupport;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.config.ConstructorArgumentValues.ValueHolder;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.data.repository.core.support.AbstractRepositoryMetadata;
import org.springframework.util.ClassUtils;

/**
 * At build time, registers the reflection of each toolkit repository's entity ({@link EntityHints}): Spring Data's
 * AOT processing registers the domain type, not the tier classes its rows are read into (the permitted subclasses of a
 * sealed hierarchy, the classes of {@code @TierTypes}).
 */
class RepositoryEntityAotProcessor implements BeanRegistrationAotProcessor {

    @Override
    public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean bean) {
        if (!AdapterRepositoryFactoryBeanSupport.class.isAssignableFrom(bean.getBeanClass())) {
            return null;
        }
        Class<?> domainType = AbstractRepositoryMetadata.getMetadata(repositoryInterface(bean)).getDomainType();
        return (generation, code) -> EntityHints.register(generation.getRuntimeHints().reflection(), domainType);
    }

    /** The repository interface: the factory bean's constructor argument, as Spring Data registers it. */
    private static Class<?> repositoryInterface(RegisteredBean bean) {
        ValueHolder argument = bean.getMergedBeanDefinition().getConstructorArgumentValues()
                .getIndexedArgumentValue(0, null);
        Object value = argument != null ? argument.getValue() : null;
        if (value instanceof Class<?> type) {
            return type;
        }
        if (value instanceof String name) {
            return ClassUtils.resolveClassName(name, bean.getBeanFactory().getBeanClassLoader());
        }
        throw new IllegalStateException("The repository factory bean '" + bean.getBeanName() + "' has " + value
                + " as its first constructor argument, not the repository interface: register toolkit repositories"
                + " with @EnableDynamoDbToolkitRepositories (or the auto-configuration), which passes it");
    }
}
