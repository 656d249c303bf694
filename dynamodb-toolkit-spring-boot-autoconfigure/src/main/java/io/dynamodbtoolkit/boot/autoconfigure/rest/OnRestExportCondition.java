package io.dynamodbtoolkit.boot.autoconfigure.rest;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import io.dynamodbtoolkit.springweb.RestExported;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreErrorsBindHandler;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Matches when something is exported over HTTP: an adapter configured with {@code rest.exported: true}, or a
 * repository (among the bean definitions registered so far) annotated {@link RestExported @RestExported}.
 */
class OnRestExportCondition extends SpringBootCondition implements ConfigurationCondition {

    @Override
    public ConfigurationPhase getConfigurationPhase() {
        return ConfigurationPhase.REGISTER_BEAN;
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        for (String adapter : AdapterBeanRegistrar.configuredNames(context.getEnvironment())) {
            boolean exported = Binder.get(context.getEnvironment()).bind(DynamoDbToolkitProperties.PREFIX
                    + ".adapters." + adapter, Bindable.of(AdapterProperties.class), new IgnoreErrorsBindHandler())
                    .map(properties -> properties.getRest().isExported()).orElse(false);
            if (exported) {
                return ConditionOutcome.match("adapter '" + adapter + "' is exported");
            }
        }
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        if (beans != null) {
            for (String name : beans.getBeanDefinitionNames()) {
                Class<?> repository = repositoryInterface(beans.getBeanDefinition(name), context.getClassLoader());
                if (repository != null && AnnotatedElementUtils.hasAnnotation(repository, RestExported.class)) {
                    return ConditionOutcome.match("repository " + repository.getName() + " is @RestExported");
                }
            }
        }
        return ConditionOutcome.noMatch("no adapter is configured with rest.exported and no repository is "
                + "@RestExported");
    }

    /** @return the repository interface of a toolkit repository's definition, or null */
    private static @Nullable Class<?> repositoryInterface(BeanDefinition definition,
            @Nullable ClassLoader classLoader) {
        if (!DynamoDbToolkitRepositoryFactoryBean.class.getName().equals(definition.getBeanClassName())) {
            return null;
        }
        ConstructorArgumentValues.ValueHolder argument = definition.getConstructorArgumentValues()
                .getArgumentValue(0, null, null, null);
        Object value = argument == null ? null : argument.getValue();
        if (value instanceof Class<?> type) {
            return type;
        }
        if (value instanceof String className && ClassUtils.isPresent(className, classLoader)) {
            return ClassUtils.resolveClassName(className, classLoader);
        }
        return null;
    }
}
