package io.dynamodbtoolkit.boot.autoconfigure;

import java.time.Clock;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterFactory;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterPropertyNames;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.EntityUniqueFields;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.TemplateFactory;
import io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolutionUpdates;
import io.dynamodbtoolkit.boot.autoconfigure.properties.ProvisioningMode;
import io.dynamodbtoolkit.boot.autoconfigure.provision.TableProvisioning;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.repository.support.AdapterDeclarationErrors;
import io.dynamodbtoolkit.springdata.repository.support.AnnotatedUniqueFields;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The toolkit's core beans: one {@link Adapter} per adapter configured under {@code dynamodb.toolkit.adapters}
 * (named after it) with its {@link DynamoDbToolkitTemplate} ({@code <adapter>Template}, like {@code CassandraTemplate},
 * when the Spring Data module is present), the shared {@link AdapterOptions}, and start-up provisioning of their
 * tables. The adapters use
 * the application's {@link DynamoDbClient}: Spring Cloud AWS's (configured with {@code spring.cloud.aws.*}), the
 * embedded engine's, or the application's own.
 */
@AutoConfiguration(after = EmbeddedDynamoDbAutoConfiguration.class,
        afterName = "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration")
@ConditionalOnClass({Adapter.class, DynamoDbClient.class})
@EnableConfigurationProperties(DynamoDbToolkitProperties.class)
@Import(AdapterBeanRegistrar.class)
public class DynamoDbToolkitAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    AdapterOptions dynamoDbToolkitAdapterOptions(DynamoDbToolkitProperties properties, ObjectProvider<Clock> clock) {
        return AdapterOptionsFactory.create(properties, clock.getIfUnique(Clock::systemUTC));
    }

    @Bean
    @ConditionalOnMissingBean
    AdapterDeclarations dynamoDbToolkitAdapterDeclarations(DynamoDbToolkitProperties properties,
            ObjectProvider<AdapterCustomizer> customizers, ListableBeanFactory beanFactory, Environment environment,
            ObjectProvider<EntityUniqueFields> entityUniqueFields) {
        AdapterPropertyNames.requireAllBound(Binder.get(environment));
        return new AdapterDeclarations(properties, customizers.orderedStream().toList(), beanFactory,
                entityUniqueFields.getIfAvailable(() -> EntityUniqueFields.NONE));
    }

    @Bean(AdapterBeanRegistrar.FACTORY_BEAN_NAME)
    @ConditionalOnMissingBean(name = AdapterBeanRegistrar.FACTORY_BEAN_NAME)
    AdapterFactory dynamoDbToolkitAdapterFactory(AdapterDeclarations declarations, DynamoDbClient client,
            AdapterOptions options) {
        return new AdapterFactory(declarations, client, options);
    }

    @Bean
    @ConditionalOnMissingBean
    TableProvisioner dynamoDbToolkitTableProvisioner(DynamoDbClient client, DynamoDbToolkitProperties properties) {
        return new TableProvisioner(client, properties.getProvisioningTimeout())
                .withBackfillSample(properties.getProvisioningBackfillSample());
    }

    @Bean
    @ConditionalOnMissingBean
    IndexEvolution dynamoDbToolkitIndexEvolution() {
        return new IndexEvolution();
    }

    @Bean(AdapterBeanRegistrar.PROVISIONING_BEAN_NAME)
    @ConditionalOnMissingBean(name = AdapterBeanRegistrar.PROVISIONING_BEAN_NAME)
    TableProvisioning dynamoDbToolkitTableProvisioning(DynamoDbToolkitProperties properties,
            AdapterDeclarations declarations, TableProvisioner provisioner, IndexEvolution evolution,
            ListableBeanFactory beanFactory) {
        ProvisioningMode mode = properties.getProvisioning();
        if (mode == null) {
            mode = EmbeddedDynamoDbAutoConfiguration.isRunning(beanFactory) ? ProvisioningMode.CREATE
                    : ProvisioningMode.NONE;
        }
        return new TableProvisioning(mode, declarations, provisioner, evolution);
    }

    /**
     * With the Spring Data module: a template per adapter ({@code <adapter>Template}), the {@code @Unique} fields of
     * the entities of each adapter's repositories added to its unique fields, start-up checks of declarations that
     * name configuration properties, and the templates' completed index backfills clearing what provisioning found.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({AdapterDeclarationErrors.class, DynamoDbToolkitTemplate.class})
    static class SpringDataConfiguration {

        @Bean(AdapterBeanRegistrar.TEMPLATE_FACTORY_BEAN_NAME)
        @ConditionalOnMissingBean(name = AdapterBeanRegistrar.TEMPLATE_FACTORY_BEAN_NAME)
        TemplateFactory dynamoDbToolkitTemplateFactory(ListableBeanFactory beans) {
            return new TemplateFactory(beans);
        }

        @Bean
        @ConditionalOnMissingBean
        EntityUniqueFields dynamoDbToolkitEntityUniqueFields(ConfigurableListableBeanFactory beanFactory) {
            return AnnotatedUniqueFields.of(beanFactory)::union;
        }

        @Bean
        @ConditionalOnMissingBean
        AdapterDeclarationErrors dynamoDbToolkitAdapterDeclarationErrors(AdapterDeclarations declarations) {
            return declarations::restate;
        }

        @Bean
        IndexEvolutionUpdates dynamoDbToolkitIndexEvolutionUpdates(IndexEvolution evolution) {
            return new IndexEvolutionUpdates(evolution);
        }
    }
}
