package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The toolkit's reactive repositories: every interface extending {@link ReactiveHierarchicalRepository} in the
 * application's packages becomes a bean bound to its adapter ({@code @AdapterName}) and calling the application's
 * {@link DynamoDbAsyncClient}. Backs off when the application uses {@code @EnableReactiveDynamoDbToolkitRepositories}
 * (or defines a reactive repository factory bean), and when {@code dynamodb.toolkit.repositories.enabled} is false.
 */
@AutoConfiguration(after = ReactiveDynamoDbToolkitAutoConfiguration.class)
@ConditionalOnClass({Flux.class, ReactiveHierarchicalRepository.class})
@ConditionalOnBean(DynamoDbAsyncClient.class)
@ConditionalOnMissingBean(ReactiveDynamoDbToolkitRepositoryFactoryBean.class)
@ConditionalOnBooleanProperty(name = DynamoDbToolkitProperties.PREFIX + ".repositories.enabled", matchIfMissing = true)
@Import(ReactiveRepositoriesAutoConfigureRegistrar.class)
public class ReactiveDynamoDbToolkitRepositoriesAutoConfiguration {
}
