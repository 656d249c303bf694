package io.dynamodbtoolkit.embedded.protocol;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * The HTTP side: the JDK's built-in HTTP server, answering POSTs of the AWS JSON 1.0 protocol with the headers the
 * AWS SDKs expect (including the {@code x-amz-crc32} checksum the Java SDK validates for DynamoDB). Request
 * signatures are not checked. Worker threads are daemon threads and are stopped with the server.
 */
public final class HttpFrontEnd {

    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    /**
     * The JDK server writes response headers and body in two segments; without TCP_NODELAY, Nagle's algorithm and
     * the client's delayed ACK add about 40 ms to every response. The JDK reads this property once, when its first
     * HTTP server is created, so it is set (unless the application chose a value) before that.
     */
    private static final String NO_DELAY_PROPERTY = "sun.net.httpserver.nodelay";

    private final HttpServer server;
    private final ExecutorService workers;

    private HttpFrontEnd(HttpServer server, ExecutorService workers) {
        this.server = server;
        this.workers = workers;
    }

    /** Binds the address (port 0 picks a free port) and starts serving. */
    public static HttpFrontEnd start(InetSocketAddress address, RequestDispatcher dispatcher, int threads) {
        if (System.getProperty(NO_DELAY_PROPERTY) == null) {
            System.setProperty(NO_DELAY_PROPERTY, "true");
        }
        HttpServer server;
        try {
            server = HttpServer.create(address, 128);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot bind the embedded DynamoDB to " + address, e);
        }
        ExecutorService workers = Executors.newFixedThreadPool(threads, daemonThreads(server.getAddress().getPort()));
        server.setExecutor(workers);
        server.createContext("/", exchange -> handle(exchange, dispatcher));
        server.start();
        return new HttpFrontEnd(server, workers);
    }

    private static ThreadFactory daemonThreads(int port) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "embedded-dynamodb-" + port + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The bound address (with the actual port when 0 was asked). */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** Stops accepting, closes the port and stops the worker threads. */
    public void stop() {
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void handle(HttpExchange exchange, RequestDispatcher dispatcher) throws IOException {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            RequestDispatcher.Response response;
            if (!"POST".equals(exchange.getRequestMethod())) {
                response = new RequestDispatcher.Response(200,
                        "{\"healthy\":true,\"service\":\"embedded DynamoDB\"}".getBytes(StandardCharsets.UTF_8));
            } else {
                response = dispatcher.dispatch(exchange.getRequestHeaders().getFirst("X-Amz-Target"), body,
                        exchange.getRequestHeaders().getFirst("Authorization"));
            }
            CRC32 crc = new CRC32();
            crc.update(response.body());
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.getResponseHeaders().set("x-amzn-RequestId", UUID.randomUUID().toString());
            exchange.getResponseHeaders().set("x-amz-crc32", Long.toString(crc.getValue()));
            exchange.sendResponseHeaders(response.status(), response.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        }
    }
}
