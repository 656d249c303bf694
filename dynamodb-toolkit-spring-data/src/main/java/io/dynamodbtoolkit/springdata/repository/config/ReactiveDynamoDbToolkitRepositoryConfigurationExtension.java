package io.dynamodbtoolkit.springdata.repository.config;

import java.util.Collection;
import java.util.List;

import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactoryBean;
import org.springframework.data.repository.core.RepositoryMetadata;

/**
 * The reactive dynamodb-toolkit module of Spring Data's repository configuration: repositories are the interfaces
 * extending {@link ReactiveHierarchicalRepository}, created by {@link ReactiveDynamoDbToolkitRepositoryFactoryBean};
 * the mapping beans are registered as for the blocking repositories.
 */
public class ReactiveDynamoDbToolkitRepositoryConfigurationExtension
        extends DynamoDbToolkitRepositoryConfigurationExtension {

    @Override
    public String getModuleName() {
        return "Reactive DynamoDB Toolkit";
    }

    @Override
    public String getRepositoryFactoryBeanClassName() {
        return ReactiveDynamoDbToolkitRepositoryFactoryBean.class.getName();
    }

    @Override
    protected Collection<Class<?>> getIdentifyingTypes() {
        return List.of(ReactiveHierarchicalRepository.class);
    }

    @Override
    protected boolean useRepositoryConfiguration(RepositoryMetadata metadata) {
        return metadata.isReactiveRepository();
    }
}
