package io.dynamodbtoolkit.springdata.repository.config;

import java.util.Collection;
import java.util.List;

import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbCustomConversions;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.DeclaredFieldsVerifier;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.repository.config.AnnotationRepositoryConfigurationSource;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;
import org.springframework.data.repository.config.RepositoryConfigurationSource;
import org.springframework.data.repository.core.RepositoryMetadata;

/**
 * The dynamodb-toolkit module of Spring Data's repository configuration: repositories are the interfaces extending
 * {@link HierarchicalRepository}, created by {@link DynamoDbToolkitRepositoryFactoryBean}; the beans templates are made
 * with (mapping and exception translator, {@link TemplateBeans#registerInfrastructure}) and the check of the adapters'
 * declared fields ({@link DeclaredFieldsVerifier}) are registered under well-known names when the application has none
 * of those names.
 */
public class DynamoDbToolkitRepositoryConfigurationExtension extends RepositoryConfigurationExtensionSupport {

    /** The {@link DynamoDbCustomConversions} bean (define one of this name to add converters). */
    public static final String CONVERSIONS_BEAN_NAME = TemplateBeans.CONVERSIONS_BEAN_NAME;
    /** The {@link DynamoDbMappingContext} bean. */
    public static final String MAPPING_CONTEXT_BEAN_NAME = TemplateBeans.MAPPING_CONTEXT_BEAN_NAME;
    /** The {@link MappingDynamoDbConverter} bean. */
    public static final String CONVERTER_BEAN_NAME = TemplateBeans.CONVERTER_BEAN_NAME;
    /**
     * The exception translator bean: the templates (and so the repositories) translate with it, and so do
     * {@code @Repository} classes that use adapters directly.
     */
    public static final String TRANSLATOR_BEAN_NAME = TemplateBeans.TRANSLATOR_BEAN_NAME;
    /** The bean checking the adapters' declared field names against the repositories' entities at start-up. */
    public static final String DECLARED_FIELDS_BEAN_NAME = "dynamoDbToolkitDeclaredFieldsVerifier";

    @Override
    public String getModuleName() {
        return "DynamoDB Toolkit";
    }

    @Override
    protected String getModulePrefix() {
        return "dynamodb-toolkit";
    }

    @Override
    public String getRepositoryFactoryBeanClassName() {
        return DynamoDbToolkitRepositoryFactoryBean.class.getName();
    }

    @Override
    protected Collection<Class<?>> getIdentifyingTypes() {
        return List.of(HierarchicalRepository.class);
    }

    /** @return whether the repository is a blocking one (reactive ones are the reactive extension's) */
    @Override
    protected boolean useRepositoryConfiguration(RepositoryMetadata metadata) {
        return !metadata.isReactiveRepository();
    }

    @Override
    public void registerBeansForRoot(BeanDefinitionRegistry registry, RepositoryConfigurationSource source) {
        super.registerBeansForRoot(registry, source);
        TemplateBeans.registerInfrastructure(registry, source.getSource());
        registerIfNotAlreadyRegistered(() -> BeanDefinitionBuilder
                .genericBeanDefinition(DeclaredFieldsVerifier.class).getBeanDefinition(), registry,
                DECLARED_FIELDS_BEAN_NAME, source.getSource());
    }

    @Override
    public void postProcess(BeanDefinitionBuilder builder, AnnotationRepositoryConfigurationSource config) {
        builder.addPropertyReference("converter", config.getAttribute("converterRef").orElse(CONVERTER_BEAN_NAME));
    }
}
