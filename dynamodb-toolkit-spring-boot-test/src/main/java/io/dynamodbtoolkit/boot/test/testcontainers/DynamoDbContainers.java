package io.dynamodbtoolkit.boot.test.testcontainers;

import org.testcontainers.localstack.LocalStackContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * DynamoDB-compatible containers at versions the toolkit is tested with. Declare one as a {@code @ServiceConnection}
 * bean (a bean rather than a static field, so that Spring's AOT processing of the tests needs no Docker):
 *
 * <pre>{@code
 * @Testcontainers(disabledWithoutDocker = true)
 * @DisabledInAotMode
 * @DynamoDbToolkitTest
 * @Import(RentalRepositoryContainerTest.LocalStack.class)
 * class RentalRepositoryContainerTest {
 *     @TestConfiguration(proxyBeanMethods = false)
 *     static class LocalStack {
 *         @Bean
 *         @ServiceConnection
 *         LocalStackContainer localStack() {
 *             return DynamoDbContainers.localStack();
 *         }
 *     }
 * }
 * }</pre>
 */
public final class DynamoDbContainers {

    /** The LocalStack image, pinned: 3.8.1 needs no auth token. */
    public static final String LOCALSTACK_IMAGE = "localstack/localstack:3.8.1";

    private DynamoDbContainers() {
    }

    /** @return a LocalStack container (not started) serving DynamoDB, at {@value #LOCALSTACK_IMAGE} */
    public static LocalStackContainer localStack() {
        return new LocalStackContainer(DockerImageName.parse(LOCALSTACK_IMAGE)).withServices("dynamodb");
    }
}
