package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.dynamodbtoolkit.springdata.repository.support.DynamoDbToolkitRepositoryFactoryBean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.DefaultRepositoryBaseClass;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;

/**
 * Enables dynamodb-toolkit repositories in a plain Spring application: every interface extending
 * {@code HierarchicalRepository} in the scanned packages becomes a bean bound to an adapter (an {@code Adapter} or
 * {@code AdapterDeclaration} bean, named with {@code @AdapterName}). Registers the mapping beans
 * ({@value DynamoDbToolkitRepositoryConfigurationExtension#CONVERSIONS_BEAN_NAME},
 * {@value DynamoDbToolkitRepositoryConfigurationExtension#MAPPING_CONTEXT_BEAN_NAME},
 * {@value DynamoDbToolkitRepositoryConfigurationExtension#CONVERTER_BEAN_NAME}) unless beans of those names exist.
 *
 * <pre>{@code
 * @Configuration
 * @EnableDynamoDbToolkitRepositories(basePackageClasses = RentalRepository.class)
 * class DataConfig {
 *     @Bean DynamoDbClient dynamoDb() { ... }
 *     @Bean AdapterDeclaration<Map<String, Object>> rentals() { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(DynamoDbToolkitRepositoriesRegistrar.class)
public @interface EnableDynamoDbToolkitRepositories {

    /** @return alias of {@link #basePackages()} */
    String[] value() default {};

    /** @return the packages to scan for repository interfaces (default: the annotated class's package) */
    String[] basePackages() default {};

    /** @return classes whose packages are scanned */
    Class<?>[] basePackageClasses() default {};

    /** @return which interfaces to include */
    Filter[] includeFilters() default {};

    /** @return which interfaces to exclude */
    Filter[] excludeFilters() default {};

    /** @return the postfix of custom implementation classes */
    String repositoryImplementationPostfix() default "Impl";

    /** @return where named queries live (unused: every query is derived from the key design) */
    String namedQueriesLocation() default "";

    /** @return the query lookup strategy key (every method is resolved by the hierarchical lookup) */
    Key queryLookupStrategy() default Key.CREATE_IF_NOT_FOUND;

    /** @return the factory bean class */
    Class<?> repositoryFactoryBeanClass() default DynamoDbToolkitRepositoryFactoryBean.class;

    /** @return the repository base class */
    Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

    /** @return whether nested interfaces are repositories too */
    boolean considerNestedRepositories() default false;

    /** @return when repositories are created */
    BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;

    /** @return the name of the {@code MappingDynamoDbConverter} bean the repositories use */
    String converterRef() default DynamoDbToolkitRepositoryConfigurationExtension.CONVERTER_BEAN_NAME;
}
