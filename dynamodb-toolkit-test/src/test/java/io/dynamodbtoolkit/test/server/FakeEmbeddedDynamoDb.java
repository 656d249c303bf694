package io.dynamodbtoolkit.test.server;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;

/**
 * Stands in for {@code io.dynamodbtoolkit.embedded.EmbeddedDynamoDb} with the same public contract: a trivial HTTP
 * server on a free loopback port that answers every request with an empty JSON object.
 */
public final class FakeEmbeddedDynamoDb implements AutoCloseable {

    private final HttpServer server;

    private FakeEmbeddedDynamoDb(HttpServer server) {
        this.server = server;
    }

    public static FakeEmbeddedDynamoDb start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                byte[] body = "{}".getBytes();
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
            return new FakeEmbeddedDynamoDb(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
