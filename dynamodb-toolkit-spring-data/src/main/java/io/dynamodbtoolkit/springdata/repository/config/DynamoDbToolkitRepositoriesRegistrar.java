package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Annotation;

import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories {@link EnableDynamoDbToolkitRepositories} asks for. */
class DynamoDbToolkitRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableDynamoDbToolkitRepositories.class;
    }

    @Override
    protected RepositoryConfigurationExtension getExtension() {
        return new DynamoDbToolkitRepositoryConfigurationExtension();
    }
}
