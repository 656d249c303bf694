package io.dynamodbtoolkit.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test slice for the toolkit, like {@code @DataMongoTest}: only Spring Cloud AWS's client, the toolkit's adapters
 * (from {@code dynamodb.toolkit.adapters}), its repositories (blocking, and reactive ones on an asynchronous client
 * when Reactor is present), its transaction manager with {@code @Transactional} enabled (and Spring Boot's
 * transaction auto-configuration when present), the application's toolkit beans and a test DynamoDB
 * server from {@code dynamodb-toolkit-test} (the embedded engine when it is on the classpath, else moto; or a
 * Testcontainers {@code @ServiceConnection}). The toolkit beans are components of the types
 * {@link io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer}, {@code ScopeProvider}, {@code Membership},
 * {@code MassProgressListener}, {@code IndexEvolutionListener}, {@code DynamoDbCustomConversions} and entity
 * callbacks, and the {@code @Configuration} classes whose every {@code @Bean} method returns one of those types. Each
 * application context gets tables of its own: a unique table prefix, {@code dynamodb.toolkit.provisioning=create}
 * unless set, and the tables dropped when the context closes. Other components and configurations are not scanned;
 * {@code @Import} what a test needs.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(DynamoDbToolkitTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(DynamoDbToolkitTypeExcludeFilter.class)
@AutoConfigureDynamoDbToolkit
@ImportAutoConfiguration
public @interface DynamoDbToolkitTest {

    /** @return properties in {@code key=value} form added to the environment before the test runs */
    String[] properties() default {};

    /** @return whether the default filters (the toolkit beans above) apply to component scanning */
    boolean useDefaultFilters() default true;

    /** @return more components to include in scanning */
    Filter[] includeFilters() default {};

    /** @return components to exclude from scanning */
    Filter[] excludeFilters() default {};

    /** @return auto-configurations to leave out */
    @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
    Class<?>[] excludeAutoConfiguration() default {};
}
