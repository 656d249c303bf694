package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.Clients;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LifecycleIT {

    private static Set<Thread> liveEngineThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && (t.getName().startsWith("embedded-dynamodb")))
                .collect(Collectors.toSet());
    }

    @Test
    void startPicksAFreeLoopbackPortAndCloseFreesItAndItsThreads() throws IOException, InterruptedException {
        Set<Thread> before = liveEngineThreads();
        URI endpoint;
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
             DynamoDbClient client = Clients.client(dynamo.endpoint())) {
            endpoint = dynamo.endpoint();
            assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
            assertThat(endpoint.getPort()).isPositive();
            assertThat(client.listTables().tableNames()).isEmpty();
        }
        try (ServerSocket socket = new ServerSocket(endpoint.getPort(), 1, java.net.InetAddress.getLoopbackAddress())) {
            assertThat(socket.getLocalPort()).isEqualTo(endpoint.getPort());
        }
        long deadline = System.currentTimeMillis() + 5000;
        while (!before.containsAll(liveEngineThreads()) && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(liveEngineThreads()).isSubsetOf(before);
    }

    @Test
    void instancesInOneJvmAreIndependent() {
        try (EmbeddedDynamoDb first = EmbeddedDynamoDb.start();
             EmbeddedDynamoDb second = EmbeddedDynamoDb.start();
             DynamoDbClient one = Clients.client(first.endpoint());
             DynamoDbClient two = Clients.client(second.endpoint())) {
            io.dynamodbtoolkit.embedded.support.Tables.create(one, "only-in-first", "pk", ScalarAttributeType.S,
                    null, null);

            assertThat(first.port()).isNotEqualTo(second.port());
            assertThat(one.listTables().tableNames()).containsExactly("only-in-first");
            assertThat(two.listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void workerThreadsAreDaemons() {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
             DynamoDbClient client = Clients.client(dynamo.endpoint())) {
            client.listTables();
            assertThat(Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("embedded-dynamodb-" + dynamo.port())))
                    .isNotEmpty().allMatch(Thread::isDaemon);
        }
    }

    @Test
    void closeIsIdempotent() {
        EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start();
        dynamo.close();
        assertThatThrownBy(() -> new Socket(dynamo.endpoint().getHost(), dynamo.port()).close())
                .as("the port is closed after the first close").isInstanceOf(ConnectException.class);

        assertThatCode(dynamo::close).as("a second close").doesNotThrowAnyException();
    }
}
