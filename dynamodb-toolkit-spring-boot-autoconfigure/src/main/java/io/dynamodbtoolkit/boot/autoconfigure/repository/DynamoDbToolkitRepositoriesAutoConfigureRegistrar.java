package io.dynamodbtoolkit.boot.autoconfigure.repository;

import java.lang.annotation.Annotation;

import io.dynamodbtoolkit.springdata.repository.config.DynamoDbToolkitRepositoryConfigurationExtension;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/**
 * Registers the toolkit's repositories found in the auto-configuration packages, as if the application were annotated
 * with {@link EnableDynamoDbToolkitRepositories}.
 */
class DynamoDbToolkitRepositoriesAutoConfigureRegistrar extends AbstractRepositoryConfigurationSourceSupport {

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableDynamoDbToolkitRepositories.class;
    }

    @Override
    protected Class<?> getConfiguration() {
        return EnableDynamoDbToolkitRepositoriesConfiguration.class;
    }

    @Override
    protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
        return new DynamoDbToolkitRepositoryConfigurationExtension();
    }

    @EnableDynamoDbToolkitRepositories
    private static final class EnableDynamoDbToolkitRepositoriesConfiguration {
    }
}
