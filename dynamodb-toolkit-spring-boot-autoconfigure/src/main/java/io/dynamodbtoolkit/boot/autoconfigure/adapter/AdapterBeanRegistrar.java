package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitProperties;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreErrorsBindHandler;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Registers one Adapter bean per adapter configured under {@code dynamodb.toolkit.adapters}, named after it and
 * typed {@code Adapter<Map<String, Object>>}, made by the {@link AdapterFactory} after start-up provisioning. A
 * bean the application defines under the same name wins: the configured adapter is then not registered.
 */
public class AdapterBeanRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware {

    /** The bean name of the {@link AdapterFactory}. */
    public static final String FACTORY_BEAN_NAME = "dynamoDbToolkitAdapterFactory";
    /** The bean name of the start-up provisioning, which every configured adapter depends on. */
    public static final String PROVISIONING_BEAN_NAME = "dynamoDbToolkitTableProvisioning";

    private static final Log LOGGER = LogFactory.getLog(AdapterBeanRegistrar.class);
    private static final ResolvableType ADAPTER_TYPE = ResolvableType.forClassWithGenerics(Adapter.class,
            ResolvableType.forClassWithGenerics(Map.class, String.class, Object.class));

    private Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        // Only the names are needed here; binding errors surface, with their own analysis, when the properties bean
        // is bound.
        Map<String, ?> adapters = Binder.get(environment)
                .bind(DynamoDbToolkitProperties.PREFIX + ".adapters",
                        Bindable.mapOf(String.class, AdapterProperties.class), new IgnoreErrorsBindHandler())
                .orElse(Map.of());
        for (String name : adapters.keySet()) {
            if (registry.containsBeanDefinition(name)) {
                LOGGER.debug("Bean '" + name + "' is defined by the application: the adapter configured under "
                        + DynamoDbToolkitProperties.PREFIX + ".adapters." + name + " backs off");
                continue;
            }
            registry.registerBeanDefinition(name, adapterDefinition(name));
        }
    }

    private static RootBeanDefinition adapterDefinition(String name) {
        RootBeanDefinition definition = new RootBeanDefinition();
        definition.setTargetType(ADAPTER_TYPE);
        definition.setFactoryBeanName(FACTORY_BEAN_NAME);
        definition.setFactoryMethodName("create");
        ConstructorArgumentValues arguments = new ConstructorArgumentValues();
        arguments.addIndexedArgumentValue(0, name);
        definition.setConstructorArgumentValues(arguments);
        definition.setDependsOn(PROVISIONING_BEAN_NAME);
        return definition;
    }
}
