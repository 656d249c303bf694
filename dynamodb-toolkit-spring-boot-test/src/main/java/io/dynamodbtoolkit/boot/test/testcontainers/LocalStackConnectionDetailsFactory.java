package io.dynamodbtoolkit.boot.test.testcontainers;

import java.net.URI;

import io.awspring.cloud.autoconfigure.core.AwsConnectionDetails;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.localstack.LocalStackContainer;

/**
 * Lets a LocalStack container annotated {@code @ServiceConnection} connect Spring Cloud AWS, and so the toolkit: its
 * endpoint, region and credentials become the {@link AwsConnectionDetails} of the application (the embedded engine
 * then stays off). See {@link DynamoDbContainers#localStack()} for a container at the pinned version.
 */
class LocalStackConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<LocalStackContainer, AwsConnectionDetails> {

    LocalStackConnectionDetailsFactory() {
        super(ANY_CONNECTION_NAME, "org.testcontainers.localstack.LocalStackContainer",
                "io.awspring.cloud.autoconfigure.core.AwsConnectionDetails");
    }

    @Override
    protected AwsConnectionDetails getContainerConnectionDetails(
            ContainerConnectionSource<LocalStackContainer> source) {
        return new LocalStackConnectionDetails(source);
    }

    /** The connection details of a started LocalStack container. */
    private static final class LocalStackConnectionDetails extends ContainerConnectionDetails<LocalStackContainer>
            implements AwsConnectionDetails {

        LocalStackConnectionDetails(ContainerConnectionSource<LocalStackContainer> source) {
            super(source);
        }

        @Override
        public URI getEndpoint() {
            return getContainer().getEndpoint();
        }

        @Override
        public String getRegion() {
            return getContainer().getRegion();
        }

        @Override
        public String getAccessKey() {
            return getContainer().getAccessKey();
        }

        @Override
        public String getSecretKey() {
            return getContainer().getSecretKey();
        }
    }
}
