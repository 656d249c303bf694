package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Whether the embedded engine should run: as {@code dynamodb.toolkit.embedded.enabled} says; when it is unset,
 * whenever no endpoint is configured ({@code spring.cloud.aws.dynamodb.endpoint}, {@code spring.cloud.aws.endpoint}
 * or an {@code AwsConnectionDetails} bean such as a Testcontainers service connection).
 */
class EmbeddedEngineCondition extends SpringBootCondition implements ConfigurationCondition {

    static final String ENABLED_PROPERTY = DynamoDbToolkitProperties.PREFIX + ".embedded.enabled";
    private static final String[] ENDPOINT_PROPERTIES = {"spring.cloud.aws.dynamodb.endpoint",
        "spring.cloud.aws.endpoint"};
    private static final String CONNECTION_DETAILS = "io.awspring.cloud.autoconfigure.core.AwsConnectionDetails";

    @Override
    public ConfigurationPhase getConfigurationPhase() {
        return ConfigurationPhase.REGISTER_BEAN;
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConditionMessage.Builder message = ConditionMessage.forCondition("Embedded DynamoDB engine");
        Environment environment = context.getEnvironment();
        Boolean enabled = environment.getProperty(ENABLED_PROPERTY, Boolean.class);
        if (enabled != null) {
            return enabled ? ConditionOutcome.match(message.because(ENABLED_PROPERTY + " is true"))
                    : ConditionOutcome.noMatch(message.because(ENABLED_PROPERTY + " is false"));
        }
        for (String property : ENDPOINT_PROPERTIES) {
            if (environment.containsProperty(property)) {
                return ConditionOutcome.noMatch(message.because(property + " is set and " + ENABLED_PROPERTY
                        + " is not"));
            }
        }
        if (hasConnectionDetails(context)) {
            return ConditionOutcome.noMatch(message.because("an AwsConnectionDetails bean is defined and "
                    + ENABLED_PROPERTY + " is not set"));
        }
        return ConditionOutcome.match(message.because("no endpoint is configured and " + ENABLED_PROPERTY
                + " is not set"));
    }

    private static boolean hasConnectionDetails(ConditionContext context) {
        ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
        if (beanFactory == null || !ClassUtils.isPresent(CONNECTION_DETAILS, context.getClassLoader())) {
            return false;
        }
        Class<?> type = ClassUtils.resolveClassName(CONNECTION_DETAILS, context.getClassLoader());
        return beanFactory.getBeanNamesForType(type, true, false).length > 0;
    }
}
