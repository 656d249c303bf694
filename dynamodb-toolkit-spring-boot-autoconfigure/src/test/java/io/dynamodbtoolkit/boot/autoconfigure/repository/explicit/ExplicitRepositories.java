package io.dynamodbtoolkit.boot.autoconfigure.repository.explicit;

import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import org.springframework.context.annotation.Configuration;

/** The application's own repository configuration. */
@Configuration(proxyBeanMethods = false)
@EnableDynamoDbToolkitRepositories(basePackageClasses = ExplicitRentalRepository.class)
public class ExplicitRepositories {
}
