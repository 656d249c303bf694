package io.dynamodbtoolkit.boot.autoconfigure.repository;

import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;

/**
 * The toolkit's Spring Data repositories, the way Spring Boot's data modules auto-configure theirs: every interface
 * extending {@link HierarchicalRepository} in the application's packages becomes a bean bound to its adapter
 * ({@code @AdapterName}). Backs off when the application uses {@code @EnableDynamoDbToolkitRepositories} (or defines a
 * repository factory bean), and when {@code dynamodb.toolkit.repositories.enabled} is false.
 */
@AutoConfiguration(after = DynamoDbToolkitAutoConfiguration.class)
@ConditionalOnClass(HierarchicalRepository.class)
@ConditionalOnMissingBean(DynamoDbToolkitRepositoryFactoryBean.class)
@ConditionalOnBooleanProperty(name = DynamoDbToolkitProperties.PREFIX + ".repositories.enabled", matchIfMissing = true)
@Import(DynamoDbToolkitRepositoriesAutoConfigureRegistrar.class)
public class DynamoDbToolkitRepositoriesAutoConfiguration {
}
