package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Annotation;

import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the reactive repositories {@link EnableReactiveDynamoDbToolkitRepositories} asks for. */
class ReactiveDynamoDbToolkitRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableReactiveDynamoDbToolkitRepositories.class;
    }

    @Override
    protected RepositoryConfigurationExtension getExtension() {
        return new ReactiveDynamoDbToolkitRepositoryConfigurationExtension();
    }
}
