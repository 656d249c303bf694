package io.dynamodbtoolkit.embedded.protocol;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * The HTTP side: a small HTTP/1.1 server answering POSTs of the AWS JSON 1.0 protocol with the headers the AWS SDKs
 * expect (including the {@code x-amz-crc32} checksum the Java SDK validates for DynamoDB). Request signatures are not
 * checked.
 *
 * <p>Each connection is served by one (daemon) thread from accept to close, with keep-alive: a request is read,
 * answered and written by the same thread, with no hand-off between threads. That is what makes the engine answer
 * in microseconds; the JDK's built-in server hands each request from its selector thread to a worker and back,
 * which costs several times the engine's own work per request, more on a loaded machine.
 */
public final class HttpFrontEnd {

    private static final Logger LOG = LoggerFactory.getLogger(HttpFrontEnd.class);
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    private static final byte[] CONTINUE = HttpRequestReader.ascii("HTTP/1.1 100 Continue\r\n\r\n");
    private static final byte[] HEALTH = "{\"healthy\":true,\"service\":\"embedded DynamoDB\"}"
            .getBytes(StandardCharsets.UTF_8);

    private final ServerSocket serverSocket;
    private final RequestDispatcher dispatcher;
    private final ExecutorService threads;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean stopped;

    private HttpFrontEnd(ServerSocket serverSocket, RequestDispatcher dispatcher) {
        this.serverSocket = serverSocket;
        this.dispatcher = dispatcher;
        this.threads = Executors.newCachedThreadPool(daemonThreads(serverSocket.getLocalPort()));
    }

    /** Binds the address (port 0 picks a free port) and starts serving. */
    public static HttpFrontEnd start(InetSocketAddress address, RequestDispatcher dispatcher) {
        ServerSocket socket;
        try {
            socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(address, 128);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot bind the embedded DynamoDB to " + address, e);
        }
        HttpFrontEnd frontEnd = new HttpFrontEnd(socket, dispatcher);
        frontEnd.threads.execute(frontEnd::acceptLoop);
        return frontEnd;
    }

    private static java.util.concurrent.ThreadFactory daemonThreads(int port) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "embedded-dynamodb-" + port + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The bound address (with the actual port when 0 was asked). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverSocket.getLocalSocketAddress();
    }

    /** Stops accepting, closes the port and every open connection, and stops the threads. */
    public void stop() {
        stopped = true;
        closeQuietly(serverSocket);
        for (Socket connection : connections) {
            closeQuietly(connection);
        }
        threads.shutdownNow();
        try {
            if (!threads.awaitTermination(5, TimeUnit.SECONDS)) {
                LOG.warn("Embedded DynamoDB threads did not stop within 5 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!stopped) {
            Socket connection;
            try {
                connection = serverSocket.accept();
            } catch (IOException e) {
                if (!stopped) {
                    LOG.warn("Embedded DynamoDB stopped accepting connections", e);
                }
                return;
            }
            connections.add(connection);
            try {
                threads.execute(() -> serve(connection));
            } catch (RejectedExecutionException e) {
                connections.remove(connection);
                closeQuietly(connection);
            }
        }
    }

    private void serve(Socket connection) {
        try (connection) {
            connection.setTcpNoDelay(true);
            HttpRequestReader reader = new HttpRequestReader(new BufferedInputStream(connection.getInputStream(), 16384));
            OutputStream out = new BufferedOutputStream(connection.getOutputStream(), 16384);
            while (!stopped) {
                HttpRequestReader.Request request;
                try {
                    request = reader.read(() -> writeContinue(out));
                } catch (HttpRequestReader.BadRequest e) {
                    write(out, e.status(), e.getMessage().getBytes(StandardCharsets.UTF_8), false);
                    return;
                }
                if (request == null) {
                    return;
                }
                RequestDispatcher.Response response = request.method().equals("POST")
                        ? dispatcher.dispatch(request.header("x-amz-target"), request.body(),
                        request.header("authorization"))
                        : new RequestDispatcher.Response(200, HEALTH);
                boolean keepAlive = request.keepAlive() && !stopped;
                write(out, response.status(), response.body(), keepAlive);
                if (!keepAlive) {
                    return;
                }
            }
        } catch (SocketException e) {
            LOG.trace("Connection closed", e);
        } catch (IOException e) {
            LOG.debug("Connection failed", e);
        } finally {
            connections.remove(connection);
        }
    }

    private static void writeContinue(OutputStream out) {
        try {
            out.write(CONTINUE);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(OutputStream out, int status, byte[] body, boolean keepAlive) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\n"
                + "Content-Type: " + CONTENT_TYPE + "\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "x-amzn-RequestId: " + new UUID(random.nextLong(), random.nextLong()) + "\r\n"
                + "x-amz-crc32: " + crc.getValue() + "\r\n"
                + (keepAlive ? "" : "Connection: close\r\n")
                + "\r\n";
        out.write(HttpRequestReader.ascii(head));
        out.write(body);
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 413 -> "Payload Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            LOG.trace("Close failed", e);
        }
    }
}
