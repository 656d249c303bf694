package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import java.time.Duration;
import java.util.Optional;

import io.awspring.cloud.autoconfigure.AwsSyncClientCustomizer;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.persistence.DamagedDataDirectoryException;
import io.dynamodbtoolkit.embedded.persistence.Recovery;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Starts the embedded DynamoDB engine ({@link EmbeddedDynamoDb}, artifact
 * {@code io.dynamodbtoolkit:dynamodb-toolkit-embedded}) when it is on the classpath and enabled (see
 * {@link EmbeddedEngineCondition}), in memory or, with {@code dynamodb.toolkit.embedded.data-dir}, keeping its tables
 * in that directory across restarts, and makes the application's {@link DynamoDbClient} one that talks to it (Spring
 * Cloud AWS's own client then backs off; its {@link DynamoDbClientCustomizer}s and {@link AwsSyncClientCustomizer}s
 * still apply). The engine stops with the application context. Backs off when the application defines its own
 * {@link DynamoDbClient}.
 */
@AutoConfiguration(beforeName = "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration")
@ConditionalOnClass({DynamoDbClient.class, DynamoDbClientCustomizer.class})
public class EmbeddedDynamoDbAutoConfiguration {

    /** The class of the embedded engine. */
    public static final String ENGINE_CLASS = "io.dynamodbtoolkit.embedded.EmbeddedDynamoDb";

    /** The property naming the directory the engine keeps its tables in. */
    static final String DATA_DIR_PROPERTY = DynamoDbToolkitProperties.PREFIX + ".embedded.data-dir";

    /** The property saying what a damaged data directory does. */
    static final String RECOVER_PROPERTY = DynamoDbToolkitProperties.PREFIX + ".embedded.recover";

    /** The property giving the engine's simulated round trip. */
    static final String LATENCY_PROPERTY = DynamoDbToolkitProperties.PREFIX + ".embedded.latency";

    /**
     * @param beanFactory the application's beans
     * @return whether the application runs an embedded engine
     */
    public static boolean isRunning(ListableBeanFactory beanFactory) {
        ClassLoader classLoader = EmbeddedDynamoDbAutoConfiguration.class.getClassLoader();
        return ClassUtils.isPresent(ENGINE_CLASS, classLoader) && beanFactory.getBeanNamesForType(
                ClassUtils.resolveClassName(ENGINE_CLASS, classLoader), false, false).length > 0;
    }

    /** The engine is present and enabled. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = ENGINE_CLASS)
    @Conditional(EmbeddedEngineCondition.class)
    @ConditionalOnMissingBean(DynamoDbClient.class)
    @EnableConfigurationProperties(DynamoDbToolkitProperties.class)
    static class EngineConfiguration {

        private static final Log LOGGER = LogFactory.getLog(EmbeddedDynamoDbAutoConfiguration.class);

        @Bean(destroyMethod = "close")
        EmbeddedDynamoDb embeddedDynamoDb(DynamoDbToolkitProperties properties, Environment environment) {
            EmbeddedDynamoDb engine = start(properties.getEmbedded());
            String storage = engine.dataDirectory().map(directory -> "its tables kept in " + directory)
                    .orElse("in memory: its data is lost when the application stops");
            String latency = engine.latency().isZero() ? "" : "; each answer held until " + engine.latency().toMillis()
                    + " ms after its request, " + LATENCY_PROPERTY;
            String started = "Started the embedded DynamoDB engine at " + engine.endpoint() + " (" + storage + latency
                    + "; set " + EmbeddedEngineCondition.ENABLED_PROPERTY + "=false to use another endpoint)";
            Optional<String> awsSetting = environment.containsProperty(EmbeddedEngineCondition.ENABLED_PROPERTY)
                    ? Optional.empty() : AwsIntent.of(environment);
            if (awsSetting.isPresent()) {
                LOGGER.warn(started + ". It started because no endpoint is configured, although " + awsSetting.get()
                        + " is set: if this application should use DynamoDB in AWS, set "
                        + EmbeddedEngineCondition.ENABLED_PROPERTY + "=false (or leave the dynamodb-toolkit-embedded "
                        + "artifact out of the deployment); if the engine is meant, set it to true");
            } else {
                LOGGER.info(started);
            }
            return engine;
        }

        private static EmbeddedDynamoDb start(DynamoDbToolkitProperties.Embedded settings) {
            EmbeddedDynamoDb.Builder builder = EmbeddedDynamoDb.builder().port(settings.getPort());
            withLatency(builder, settings.getLatency());
            builder.recovery(recovery(settings.getRecover()));
            if (settings.getDataDir() == null) {
                return builder.start();
            }
            try {
                return builder.dataDirectory(settings.getDataDir()).start();
            } catch (DamagedDataDirectoryException e) {
                throw new IllegalStateException("The embedded DynamoDB engine does not start on "
                        + DATA_DIR_PROPERTY + "=" + settings.getDataDir() + ": " + e.getMessage() + ". Restore the "
                        + "directory from a backup, or set " + RECOVER_PROPERTY + "=truncate to keep what precedes "
                        + "the damage", e);
            } catch (RuntimeException e) {
                throw new IllegalStateException("The embedded DynamoDB engine cannot keep its tables in "
                        + DATA_DIR_PROPERTY + "=" + settings.getDataDir() + ": " + e.getMessage() + ". Set "
                        + DATA_DIR_PROPERTY + " to a directory this application alone can write, or remove it to keep"
                        + " the tables in memory", e);
            }
        }

        /** The engine's recovery named by the property, or a failure naming the property. */
        private static Recovery recovery(String recover) {
            for (Recovery recovery : Recovery.values()) {
                if (recovery.name().equalsIgnoreCase(recover)) {
                    return recovery;
                }
            }
            throw new InvalidConfigurationPropertyValueException(RECOVER_PROPERTY, recover, "Use refuse (the default:"
                    + " a data directory damaged in a way no crash explains fails start-up) or truncate (keep what"
                    + " precedes the damage and copy the rest aside).");
        }

        /** Gives the builder the latency, or fails naming the property when it is unset or the engine refuses it. */
        private static void withLatency(EmbeddedDynamoDb.Builder builder, Duration latency) {
            if (latency != null) {
                try {
                    builder.latency(latency);
                    return;
                } catch (IllegalArgumentException refused) {
                    // explained below, naming the property
                }
            }
            throw new InvalidConfigurationPropertyValueException(LATENCY_PROPERTY, latency,
                    "The latency must be from 0 (answer at once) to 1m; DynamoDB's round trip in the same region is"
                            + " a few milliseconds, such as 5ms.");
        }

        @Bean
        DynamoDbClient dynamoDbClient(EmbeddedDynamoDb engine, ObjectProvider<AwsRegionProvider> regionProvider,
                ObjectProvider<DynamoDbClientCustomizer> dynamoDbClientCustomizers,
                ObjectProvider<AwsSyncClientCustomizer> syncClientCustomizers) {
            DynamoDbClientBuilder builder = DynamoDbClient.builder()
                    .endpointOverride(engine.endpoint())
                    .region(region(regionProvider))
                    .credentialsProvider(StaticCredentialsProvider.create(
                            AwsBasicCredentials.create("embedded", "embedded")));
            dynamoDbClientCustomizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            syncClientCustomizers.orderedStream().forEach(customizer -> customizer.customize(builder));
            return builder.build();
        }

        private static Region region(ObjectProvider<AwsRegionProvider> regionProvider) {
            AwsRegionProvider provider = regionProvider.getIfAvailable();
            if (provider != null) {
                try {
                    return provider.getRegion();
                } catch (SdkClientException noRegionConfigured) {
                    LOGGER.debug("No AWS region is configured; the embedded engine's client uses us-east-1");
                }
            }
            return Region.US_EAST_1;
        }
    }

    /** The engine is enabled explicitly but absent: start-up fails with an explanation. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnMissingClass(ENGINE_CLASS)
    @ConditionalOnBooleanProperty(EmbeddedEngineCondition.ENABLED_PROPERTY)
    static class MissingEngineConfiguration {

        @Bean
        static MissingEmbeddedEngine missingEmbeddedDynamoDbEngine() {
            return new MissingEmbeddedEngine();
        }
    }

    /**
     * Fails start-up, before any bean is created (so before a client could fail for want of a region or an
     * endpoint): the engine was asked for but is not on the classpath.
     */
    static final class MissingEmbeddedEngine implements BeanFactoryPostProcessor {

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
            throw new EmbeddedEngineMissingException();
        }
    }
}
