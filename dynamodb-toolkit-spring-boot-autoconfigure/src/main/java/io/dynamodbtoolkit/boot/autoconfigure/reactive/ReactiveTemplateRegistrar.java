package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers a {@link ReactiveDynamoDbToolkitTemplate} bean, {@code <adapter>ReactiveTemplate}, for each adapter
 * configured under {@code dynamodb.toolkit.adapters}, made by the {@link ReactiveTemplateFactory}; a bean of that name
 * the application defines wins.
 */
class ReactiveTemplateRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware {

    /** The bean name of the {@link ReactiveTemplateFactory}. */
    static final String FACTORY_BEAN_NAME = "dynamoDbToolkitReactiveTemplateFactory";
    /** The suffix of a reactive template's bean name, after its adapter's name. */
    static final String BEAN_NAME_SUFFIX = "ReactiveTemplate";

    private @Nullable Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        for (String name : AdapterBeanRegistrar.configuredNames(
                Objects.requireNonNull(environment, "the container sets the environment first"))) {
            String beanName = name + BEAN_NAME_SUFFIX;
            if (registry.containsBeanDefinition(beanName)) {
                continue;
            }
            registry.registerBeanDefinition(beanName, AdapterBeanRegistrar.madeBy(FACTORY_BEAN_NAME, name,
                    ResolvableType.forClass(ReactiveDynamoDbToolkitTemplate.class)));
        }
    }
}
