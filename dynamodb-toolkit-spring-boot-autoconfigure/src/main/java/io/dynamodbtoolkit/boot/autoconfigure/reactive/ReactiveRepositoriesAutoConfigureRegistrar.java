package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import java.lang.annotation.Annotation;

import io.dynamodbtoolkit.springdata.repository.config.EnableReactiveDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.repository.config.ReactiveDynamoDbToolkitRepositoryConfigurationExtension;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/**
 * Registers the toolkit's reactive repositories found in the auto-configuration packages, as if the application were
 * annotated with {@link EnableReactiveDynamoDbToolkitRepositories}.
 */
class ReactiveRepositoriesAutoConfigureRegistrar extends AbstractRepositoryConfigurationSourceSupport {

    @Override
    protected Class<? extends Annotation> getAnnotation() {
        return EnableReactiveDynamoDbToolkitRepositories.class;
    }

    @Override
    protected Class<?> getConfiguration() {
        return EnableReactiveRepositoriesConfiguration.class;
    }

    @Override
    protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
        return new ReactiveDynamoDbToolkitRepositoryConfigurationExtension();
    }

    @EnableReactiveDynamoDbToolkitRepositories
    private static final class EnableReactiveRepositoriesConfiguration {
    }
}
