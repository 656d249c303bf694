package io.dynamodbtoolkit.boot.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.UUID;

import io.awspring.cloud.autoconfigure.core.AwsAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.CredentialsProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.core.RegionProviderAutoConfiguration;
import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/** Context runners with Spring Cloud AWS and the toolkit's auto-configurations, wired to the test server. */
public final class ToolkitRunners {

    /** Spring Cloud AWS's core and DynamoDB auto-configurations. */
    public static final AutoConfigurations SPRING_CLOUD_AWS = AutoConfigurations.of(AwsAutoConfiguration.class,
            CredentialsProviderAutoConfiguration.class, RegionProviderAutoConfiguration.class,
            DynamoDbAutoConfiguration.class);

    /** The toolkit's core auto-configurations. */
    public static final AutoConfigurations TOOLKIT = AutoConfigurations.of(EmbeddedDynamoDbAutoConfiguration.class,
            DynamoDbToolkitAutoConfiguration.class);

    private ToolkitRunners() {
    }

    /** @return a runner of Spring Cloud AWS and the toolkit, its client pointed at the test server */
    public static ApplicationContextRunner toolkit() {
        return new ApplicationContextRunner().withConfiguration(SPRING_CLOUD_AWS).withConfiguration(TOOLKIT)
                .withPropertyValues(serverProperties()).withPropertyValues(
                        "dynamodb.toolkit.cursor.signing-key=a-test-signing-key-of-32-bytes!!");
    }

    /**
     * @param table the table
     * @return the properties of an adapter {@code rentals} of three tiers (state, facility, vehicle) on the table, and
     *         provisioning {@code create}
     */
    public static String[] rentalsAdapter(String table) {
        String rentals = "dynamodb.toolkit.adapters.rentals";
        return new String[] {rentals + ".table=" + table, rentals + ".key-fields=state,facility,vin",
            rentals + ".structural-key=_sk", rentals + ".technical-prefix=_",
            rentals + ".type-labels=state,facility,vehicle", rentals + ".type-field=kind",
            "dynamodb.toolkit.provisioning=create"};
    }

    /** @return the {@code spring.cloud.aws.*} properties of the test server */
    public static String[] serverProperties() {
        DynamoDbEndpoint endpoint = DynamoDbEndpoint.shared();
        return new String[] {"spring.cloud.aws.dynamodb.endpoint=" + endpoint.uri(),
            "spring.cloud.aws.region.static=" + endpoint.region().id(),
            "spring.cloud.aws.credentials.access-key=test", "spring.cloud.aws.credentials.secret-key=test"};
    }

    /** @return an initializer adding a YAML file from the test classpath to the environment */
    public static ApplicationContextInitializer<ConfigurableApplicationContext> yaml(String resource) {
        return context -> {
            try {
                List<PropertySource<?>> sources = new YamlPropertySourceLoader().load(resource,
                        new ClassPathResource(resource));
                sources.forEach(source -> context.getEnvironment().getPropertySources().addFirst(source));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    /** @return a table prefix unique to a test run, e.g. {@code ProvisioningIT-1a2b3c4d-} */
    public static String uniqueTablePrefix(Class<?> testClass) {
        return testClass.getSimpleName() + "-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    }
}
