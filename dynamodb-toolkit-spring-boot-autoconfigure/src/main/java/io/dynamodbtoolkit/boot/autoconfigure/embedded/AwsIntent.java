package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import java.util.List;
import java.util.Optional;

import org.springframework.core.env.Environment;

/**
 * Settings that say an application means to reach AWS: a region or credentials in Spring Cloud AWS's properties, or
 * the AWS SDK's environment variables (as a deployment on EC2, ECS, EKS or Lambda, or a shell with a profile, has
 * them). When one is set but no endpoint is, an embedded engine that starts only because nothing turned it off would
 * keep the data in memory where the operator expects DynamoDB, so its start is logged as a warning.
 */
final class AwsIntent {

    private static final List<String> SETTINGS = List.of("spring.cloud.aws.region.static",
            "spring.cloud.aws.dynamodb.region", "spring.cloud.aws.credentials.access-key",
            "spring.cloud.aws.credentials.profile.name", "spring.cloud.aws.credentials.instance-profile",
            "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_WEB_IDENTITY_TOKEN_FILE",
            "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_EXECUTION_ENV");

    private AwsIntent() {
    }

    /** @return the first setting that points at AWS, if any (properties and environment variables alike) */
    static Optional<String> of(Environment environment) {
        return SETTINGS.stream().filter(environment::containsProperty).findFirst();
    }
}
