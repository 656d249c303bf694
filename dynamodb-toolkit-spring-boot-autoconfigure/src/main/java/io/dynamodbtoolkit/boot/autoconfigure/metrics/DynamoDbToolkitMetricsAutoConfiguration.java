package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Role;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;

/**
 * Metrics and observations of the adapters' DynamoDB calls ({@link AdapterCallMetrics}, added to the client through
 * a Spring Cloud AWS {@link DynamoDbClientCustomizer}) and mass-operation progress gauges
 * ({@link MassProgressMetrics}), when Micrometer and a {@link MeterRegistry} are present and
 * {@code dynamodb.toolkit.metrics.enabled} is not false. Repository method metrics come from Spring Boot's Spring Data
 * repository metrics ({@code spring.data.repository.invocations}) when {@code spring-boot-data-commons} is present.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
    "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration"},
        beforeName = "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, ObservationRegistry.class, DynamoDbClientCustomizer.class, Adapter.class})
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = DynamoDbToolkitProperties.PREFIX + ".metrics.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DynamoDbToolkitProperties.class)
public class DynamoDbToolkitMetricsAutoConfiguration {

    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static AdapterTables dynamoDbToolkitAdapterTables() {
        return new AdapterTables();
    }

    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static AdapterRegistrationPostProcessor dynamoDbToolkitAdapterRegistrationPostProcessor(AdapterTables tables) {
        return new AdapterRegistrationPostProcessor(tables);
    }

    @Bean
    @ConditionalOnMissingBean
    AdapterCallMetrics dynamoDbToolkitAdapterCallMetrics(AdapterTables tables, MeterRegistry meters,
            ObjectProvider<ObservationRegistry> observations, DynamoDbToolkitProperties properties) {
        ObservationRegistry registry = observations.getIfAvailable(() -> {
            ObservationRegistry own = ObservationRegistry.create();
            own.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
            return own;
        });
        return new AdapterCallMetrics(tables, registry, meters, properties.getMetrics().isConsumedCapacity());
    }

    @Bean
    DynamoDbClientCustomizer dynamoDbToolkitMetricsClientCustomizer(AdapterCallMetrics metrics) {
        return builder -> {
            ClientOverrideConfiguration current = builder.overrideConfiguration();
            builder.overrideConfiguration((current == null ? ClientOverrideConfiguration.builder()
                    : current.toBuilder()).addExecutionInterceptor(metrics).build());
        };
    }

    @Bean
    @ConditionalOnMissingBean
    MassProgressMetrics dynamoDbToolkitMassProgressMetrics(MeterRegistry meters) {
        return new MassProgressMetrics(meters);
    }
}
