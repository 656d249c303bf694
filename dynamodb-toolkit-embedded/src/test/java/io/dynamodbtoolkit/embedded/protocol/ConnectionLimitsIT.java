package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.embedded.support.HttpWire;
import io.dynamodbtoolkit.embedded.support.Clients;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Each connection holds a thread, so connections are bounded and silent ones closed: an idle connection is closed
 * after the idle timeout, and at the bound the longest-idle connection makes room (or, when all are busy, the new
 * one gets a 503) while the engine keeps serving.
 */
class ConnectionLimitsIT {

    private static final String CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n";
    private static final String LIST_TABLES = "POST / HTTP/1.1\r\nHost: localhost\r\n"
            + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}";

    @Test
    void anIdleConnectionIsClosedAfterTheIdleTimeoutWhileABusyOneStaysOpen() throws Exception {
        Duration idleTimeout = Duration.ofSeconds(1);
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().idleTimeout(idleTimeout).start()) {
            // taken before the idle connection is made: the server's idle clock for it starts later
            long start = System.nanoTime();
            try (Socket idle = connect(dynamo);
                 Socket active = connect(dynamo)) {
                assertClosedWhenIdleOnly(idle, active, start, idleTimeout);
            }
        }
    }

    private static void assertClosedWhenIdleOnly(Socket idle, Socket active, long start, Duration idleTimeout)
            throws Exception {
        AtomicLong closedAt = new AtomicLong();
        CompletableFuture<Integer> idleRead = CompletableFuture.supplyAsync(() -> {
            int read = readOne(idle);
            closedAt.set(System.nanoTime());
            return read;
        });
        while (!idleRead.isDone() && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(10)) {
            assertThat(request(active)).as("the connection in use is open").startsWith("HTTP/1.1 200");
            // the behaviour under test: a connection used every 100 ms outlives the idle timeout of 1 s
            Thread.sleep(100);
        }

        assertThat(idleRead.get(1, TimeUnit.SECONDS)).as("the idle connection was closed by the server")
                .isEqualTo(-1);
        assertThat(Duration.ofNanos(closedAt.get() - start)).as("not before the idle timeout")
                .isGreaterThanOrEqualTo(idleTimeout);
        assertThat(request(active)).as("the connection in use is still open").startsWith("HTTP/1.1 200");
    }

    @Test
    void atTheBoundTheLongestIdleConnectionMakesRoomAndTheEngineKeepsServing() throws Exception {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().maxConnections(3).start();
             DynamoDbClient client = Clients.noRetries(dynamo.endpoint())) {
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    Socket socket = connect(dynamo);
                    sockets.add(socket);
                    assertThat(request(socket)).startsWith("HTTP/1.1 200");
                    assertThat(openCount(sockets)).as("open after %d connections", i + 1).isLessThanOrEqualTo(3);
                }
                assertThat(client.listTables().tableNames()).isEmpty();

                assertThat(openCount(sockets)).isLessThanOrEqualTo(2);
                assertThat(isOpen(sockets.get(0))).as("the longest idle connection was closed first").isFalse();
                assertThat(isOpen(sockets.get(7))).as("the newest connection is open").isTrue();
                // the threads of the connections closed above end once they see their sockets closed
                await("the engine's threads within the bound").atMost(Duration.ofSeconds(10))
                        .until(() -> engineThreads(dynamo), threads -> threads <= 3 + 1 + 3);
            } finally {
                for (Socket socket : sockets) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void whenEveryConnectionIsBusyANewOneIsAnswered503AndServiceResumes() throws Exception {
        try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.builder().maxConnections(2).start();
             Socket first = connect(dynamo);
             Socket second = connect(dynamo)) {
            // a request whose body waits for the server's 100 Continue: once that arrives, the server is inside it
            String headers = "POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                    + "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n";
            for (Socket busy : List.of(first, second)) {
                busy.getOutputStream().write(headers.getBytes(StandardCharsets.ISO_8859_1));
                busy.getOutputStream().flush();
                assertThat(readContinue(busy)).as("the server is inside the request").isEqualTo(CONTINUE);
            }

            try (Socket refused = connect(dynamo)) {
                String answer = HttpWire.readResponse(refused.getInputStream());
                assertThat(answer).startsWith("HTTP/1.1 503").contains("Connection: close")
                        .contains("ServiceUnavailableException");
                assertThat(refused.getInputStream().read()).isEqualTo(-1);
            }
            for (Socket busy : List.of(first, second)) {
                busy.getOutputStream().write("{}".getBytes(StandardCharsets.ISO_8859_1));
                busy.getOutputStream().flush();
                assertThat(HttpWire.readResponse(busy.getInputStream())).startsWith("HTTP/1.1 200");
            }
            try (Socket later = connect(dynamo)) {
                assertThat(request(later)).as("an idle connection made room").startsWith("HTTP/1.1 200");
            }
        }
    }

    @Test
    void limitsAreValidated() {
        assertThatThrownBy(() -> EmbeddedDynamoDb.builder().maxConnections(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxConnections");
        assertThatThrownBy(() -> EmbeddedDynamoDb.builder().idleTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("idleTimeout");
    }

    private static Socket connect(EmbeddedDynamoDb dynamo) throws IOException {
        Socket socket = new Socket(dynamo.endpoint().getHost(), dynamo.port());
        socket.setSoTimeout(5000);
        return socket;
    }

    private static String request(Socket socket) throws IOException {
        socket.getOutputStream().write(LIST_TABLES.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return HttpWire.readResponse(socket.getInputStream());
    }

    private static int openCount(List<Socket> sockets) throws IOException {
        int open = 0;
        for (Socket socket : sockets) {
            open += isOpen(socket) ? 1 : 0;
        }
        return open;
    }

    /** Whether the server still holds the connection: a read times out instead of reaching the end. */
    private static boolean isOpen(Socket socket) throws IOException {
        if (socket.isClosed()) {
            return false;
        }
        int timeout = socket.getSoTimeout();
        socket.setSoTimeout(150);
        try {
            return socket.getInputStream().read() >= 0;
        } catch (SocketTimeoutException stillOpen) {
            return true;
        } catch (IOException reset) {
            return false;
        } finally {
            socket.setSoTimeout(timeout);
        }
    }

    private static int readOne(Socket socket) {
        try {
            return socket.getInputStream().read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readContinue(Socket socket) throws IOException {
        return new String(socket.getInputStream().readNBytes(CONTINUE.length()), StandardCharsets.ISO_8859_1);
    }

    private static long engineThreads(EmbeddedDynamoDb dynamo) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("embedded-dynamodb-" + dynamo.port() + "-"))
                .count();
    }

}
