package io.dynamodbtoolkit.test.server;

import java.net.URI;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A running LocalStack container serving DynamoDB. Only loaded once {@link LocalStackContainerProvider} has seen
 * Testcontainers on the classpath, so that the optional dependency stays optional.
 */
final class LocalStackContainerServer implements DynamoDbServer {

    private final LocalStackContainer container;

    private LocalStackContainerServer(LocalStackContainer container) {
        this.container = container;
    }

    static boolean isDockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static LocalStackContainerServer start(String image) {
        DockerImageName imageName = DockerImageName.parse(image).asCompatibleSubstituteFor("localstack/localstack");
        LocalStackContainer container = new LocalStackContainer(imageName).withServices("dynamodb");
        container.start();
        return new LocalStackContainerServer(container);
    }

    @Override
    public URI endpoint() {
        return container.getEndpoint();
    }

    @Override
    public void close() {
        container.stop();
    }

    @Override
    public String toString() {
        return "LocalStack container " + container.getDockerImageName() + " at " + endpoint();
    }
}
