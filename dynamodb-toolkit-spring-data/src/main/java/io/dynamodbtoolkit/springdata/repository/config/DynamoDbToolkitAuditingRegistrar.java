package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Annotation;

import io.dynamodbtoolkit.springdata.core.TemplateBeans;
import io.dynamodbtoolkit.springdata.mapping.AuditingEntityCallback;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;
import org.springframework.data.auditing.config.AuditingBeanDefinitionRegistrarSupport;
import org.springframework.data.auditing.config.AuditingConfiguration;
import org.springframework.data.config.ParsingUtils;

/**
 * Registers the auditing handler on the module's mapping context and the {@link AuditingEntityCallback} that applies
 * it, for {@link EnableDynamoDbToolkitAuditing}.
 */
class DynamoDbToolkitAuditingRegistrar extends AuditingBeanDefinitionRegistrarSupport {

    private static final String HANDLER_BEAN_NAME = "dynamoDbToolkitAuditingHandler";

    @Override
    public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
        TemplateBeans.registerInfrastructure(registry, metadata);
        super.registerBeanDefinitions(metadata, registry);
    }

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableDynamoDbToolkitAuditing.class;
    }

    @Override
    protected String getAuditingHandlerBeanName() {
        return HANDLER_BEAN_NAME;
    }

    @Override
    protected BeanDefinitionBuilder getAuditHandlerBeanDefinitionBuilder(AuditingConfiguration configuration) {
        BeanDefinitionBuilder builder = BeanDefinitionBuilder.rootBeanDefinition(IsNewAwareAuditingHandler.class,
                "from").addConstructorArgReference(
                DynamoDbToolkitRepositoryConfigurationExtension.MAPPING_CONTEXT_BEAN_NAME);
        return configureDefaultAuditHandlerAttributes(configuration, builder);
    }

    @Override
    protected void registerAuditListenerBeanDefinition(BeanDefinition auditingHandlerDefinition,
            BeanDefinitionRegistry registry) {
        AbstractBeanDefinition callback = BeanDefinitionBuilder.rootBeanDefinition(AuditingEntityCallback.class)
                .addConstructorArgValue(ParsingUtils.getObjectFactoryBeanDefinition(getAuditingHandlerBeanName(),
                        registry))
                .getBeanDefinition();
        registerInfrastructureBeanWithId(callback, AuditingEntityCallback.class.getName(), registry);
    }
}
