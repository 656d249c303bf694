package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
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
import org.springframework.util.ClassUtils;

/**
 * Registers one Adapter bean per adapter configured under {@code dynamodb.toolkit.adapters}, named after it and
 * typed {@code Adapter<Map<String, Object>>}, made by the {@link AdapterFactory} after start-up provisioning; and, with
 * the Spring Data module, its {@link DynamoDbToolkitTemplate}, named {@code <adapter>Template} and made by the
 * {@link TemplateFactory}, with the beans templates are made with (mapping and exception translator,
 * {@link TemplateBeans#registerInfrastructure}) unless beans of their names exist. A bean the application defines
 * under the same name wins: the configured one is then not registered (nor, for an adapter, its template).
 */
public class AdapterBeanRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware {

    /** The bean name of the {@link AdapterFactory}. */
    public static final String FACTORY_BEAN_NAME = "dynamoDbToolkitAdapterFactory";
    /** The bean name of the start-up provisioning, which every configured adapter depends on. */
    public static final String PROVISIONING_BEAN_NAME = "dynamoDbToolkitTableProvisioning";
    /** The bean name of the {@link TemplateFactory}. */
    public static final String TEMPLATE_FACTORY_BEAN_NAME = "dynamoDbToolkitTemplateFactory";
    /** What a template's bean name adds to its adapter's name. */
    public static final String TEMPLATE_BEAN_NAME_SUFFIX = "Template";

    private static final Log LOGGER = LogFactory.getLog(AdapterBeanRegistrar.class);
    private static final String TEMPLATE_CLASS = "io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate";
    private static final ResolvableType ADAPTER_TYPE = ResolvableType.forClassWithGenerics(Adapter.class,
            ResolvableType.forClassWithGenerics(Map.class, String.class, Object.class));

    private @Nullable Environment environment;

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        boolean templates = ClassUtils.isPresent(TEMPLATE_CLASS, getClass().getClassLoader());
        if (templates) {
            TemplateBeans.registerInfrastructure(registry, null);
        }
        for (String name : configuredNames(
                Objects.requireNonNull(environment, "the container sets the environment first"))) {
            RootBeanDefinition adapter = madeBy(FACTORY_BEAN_NAME, name, ADAPTER_TYPE);
            adapter.setDependsOn(PROVISIONING_BEAN_NAME);
            if (!registerUnlessDefined(registry, name, adapter, "the adapter configured under "
                    + DynamoDbToolkitProperties.PREFIX + ".adapters." + name + ", and its template,")) {
                continue;
            }
            if (templates) {
                registerUnlessDefined(registry, name + TEMPLATE_BEAN_NAME_SUFFIX, madeBy(TEMPLATE_FACTORY_BEAN_NAME,
                        name, ResolvableType.forClass(DynamoDbToolkitTemplate.class)), "the template of adapter '"
                        + name + "'");
            }
        }
    }

    /** @return whether the bean was registered (the application defines none of its name) */
    private static boolean registerUnlessDefined(BeanDefinitionRegistry registry, String beanName,
            RootBeanDefinition definition, String what) {
        if (registry.containsBeanDefinition(beanName)) {
            LOGGER.debug("Bean '" + beanName + "' is defined by the application: " + what + " backs off");
            return false;
        }
        registry.registerBeanDefinition(beanName, definition);
        return true;
    }

    /** @return the definition of a bean made by {@code factoryBean.create(adapterName)} */
    public static RootBeanDefinition madeBy(String factoryBean, String adapterName, ResolvableType type) {
        RootBeanDefinition definition = new RootBeanDefinition();
        definition.setTargetType(type);
        definition.setFactoryBeanName(factoryBean);
        definition.setFactoryMethodName("create");
        ConstructorArgumentValues arguments = new ConstructorArgumentValues();
        arguments.addIndexedArgumentValue(0, adapterName);
        definition.setConstructorArgumentValues(arguments);
        return definition;
    }

    /**
     * @param environment the application's environment
     * @return the names of the adapters configured under {@code dynamodb.toolkit.adapters}, in order
     */
    public static Set<String> configuredNames(Environment environment) {
        // Only the names are needed here; binding errors surface, with their own analysis, when the properties bean
        // is bound.
        return Binder.get(environment)
                .bind(DynamoDbToolkitProperties.PREFIX + ".adapters",
                        Bindable.mapOf(String.class, AdapterProperties.class), new IgnoreErrorsBindHandler())
                .map(Map::keySet).orElse(Set.of());
    }
}
