package io.dynamodbtoolkit.springdata.repository.config;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.dynamodbtoolkit.springdata.repository.support.ReactiveDynamoDbToolkitRepositoryFactoryBean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.DefaultRepositoryBaseClass;
import org.springframework.data.repository.query.QueryLookupStrategy.Key;

/**
 * Enables reactive dynamodb-toolkit repositories in a plain Spring application: every interface extending
 * {@code ReactiveHierarchicalRepository} in the scanned packages becomes a bean bound to an adapter (an
 * {@code Adapter} or {@code AdapterDeclaration} bean, named with {@code @AdapterName}), calling the application's
 * {@code DynamoDbAsyncClient} bean. Registers the mapping beans as {@link EnableDynamoDbToolkitRepositories} does;
 * both annotations can be used together (each takes only its own kind of repository).
 *
 * <pre>{@code
 * @Configuration
 * @EnableReactiveDynamoDbToolkitRepositories(basePackageClasses = ReactiveFleet.class)
 * class DataConfig {
 *     @Bean DynamoDbClient dynamoDb() { ... }
 *     @Bean DynamoDbAsyncClient dynamoDbAsync() { ... }
 *     @Bean AdapterDeclaration<Map<String, Object>> rentals() { ... }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(ReactiveDynamoDbToolkitRepositoriesRegistrar.class)
public @interface EnableReactiveDynamoDbToolkitRepositories {

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

    /** @return where named queries live (unused) */
    String namedQueriesLocation() default "";

    /** @return the query lookup strategy key (reactive repositories declare no query methods of their own yet) */
    Key queryLookupStrategy() default Key.CREATE_IF_NOT_FOUND;

    /** @return the factory bean class */
    Class<?> repositoryFactoryBeanClass() default ReactiveDynamoDbToolkitRepositoryFactoryBean.class;

    /** @return the repository base class */
    Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

    /** @return whether nested interfaces are repositories too */
    boolean considerNestedRepositories() default false;

    /** @return when repositories are created */
    BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;

    /** @return the name of the {@code MappingDynamoDbConverter} bean the repositories use */
    String converterRef() default DynamoDbToolkitRepositoryConfigurationExtension.CONVERTER_BEAN_NAME;
}
