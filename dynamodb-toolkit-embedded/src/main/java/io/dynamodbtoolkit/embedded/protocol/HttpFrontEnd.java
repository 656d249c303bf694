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
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.CRC32;

/**
 * The HTTP side: a small HTTP/1.1 server answering POSTs of the AWS JSON 1.0 protocol with the headers the AWS SDKs
 * expect (including the {@code x-amz-crc32} checksum the Java SDK validates for DynamoDB, and request IDs in
 * DynamoDB's format), CORS headers for browser clients, and a health document for GET. Request signatures are not
 * checked.
 *
 * <p>Each connection is served by one (daemon) thread from accept to close, with keep-alive: a request is read,
 * answered and written by the same thread, with no hand-off between threads. That is what makes the engine answer
 * in microseconds; the JDK's built-in server hands each request from its selector thread to a worker and back,
 * which costs several times the engine's own work per request, more on a loaded machine. Because each connection
 * holds a thread, connections are bounded and idle ones closed ({@link ConnectionLimits}).
 *
 * <p>With a latency above zero, each answer is held until that long after its request was read (the engine's own work
 * counts within it), so that a client on the same machine sees the round trip it would see on DynamoDB. The wait is
 * the connection's thread's alone: requests on other connections are served meanwhile, as DynamoDB serves calls in
 * flight at once.
 */
public final class HttpFrontEnd {

    private static final Logger LOG = LoggerFactory.getLogger(HttpFrontEnd.class);
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    private static final String PLAIN_JSON = "application/json";
    private static final byte[] CONTINUE = HttpRequestReader.ascii("HTTP/1.1 100 Continue\r\n\r\n");
    private static final byte[] HEALTH = "{\"healthy\":true,\"service\":\"embedded DynamoDB\"}"
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] BUSY = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ServiceUnavailableException\","
            + "\"message\":\"The embedded DynamoDB serves its maximum number of connections, all busy\"}")
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] EMPTY = new byte[0];
    private static final String CORS_MAX_AGE = "172800";
    private static final Duration MAX_LATENCY = Duration.ofMinutes(1);

    private final ServerSocket serverSocket;
    private final RequestDispatcher dispatcher;
    private final ConnectionLimits limits;
    private final long latencyNanos;
    private final ExecutorService threads;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private volatile boolean stopped;

    /** One client connection, and whether it is waiting for its next request (idle) or inside one. */
    private static final class Connection {
        private final Socket socket;
        private volatile long idleSince;

        Connection(Socket socket) {
            this.socket = socket;
            this.idleSince = System.nanoTime() | 1;
        }
    }

    private HttpFrontEnd(ServerSocket serverSocket, RequestDispatcher dispatcher, ConnectionLimits limits,
            Duration latency) {
        this.serverSocket = serverSocket;
        this.dispatcher = dispatcher;
        this.limits = limits;
        this.latencyNanos = latency.toNanos();
        this.threads = Executors.newCachedThreadPool(daemonThreads(serverSocket.getLocalPort()));
    }

    /**
     * Binds the address (port 0 picks a free port) and starts serving.
     *
     * @param address    the address to bind
     * @param dispatcher answers the requests
     * @param limits     the connections allowed
     * @param latency    how long after its request is read each answer is written at the earliest; zero to answer at
     *                   once
     * @return the front end, serving
     */
    public static HttpFrontEnd start(InetSocketAddress address, RequestDispatcher dispatcher, ConnectionLimits limits,
            Duration latency) {
        checkedLatency(latency);
        ServerSocket socket;
        try {
            socket = new ServerSocket();
            socket.setReuseAddress(true);
            socket.bind(address, 128);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot bind the embedded DynamoDB to " + address, e);
        }
        HttpFrontEnd frontEnd = new HttpFrontEnd(socket, dispatcher, limits, latency);
        frontEnd.threads.execute(frontEnd::acceptLoop);
        return frontEnd;
    }

    /** The latency if valid (zero or positive, at most a minute), else an exception. */
    public static Duration checkedLatency(Duration latency) {
        if (latency.isNegative() || latency.compareTo(MAX_LATENCY) > 0) {
            throw new IllegalArgumentException("latency must be between 0 and " + MAX_LATENCY.toSeconds() + " s, was "
                    + latency);
        }
        return latency;
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
        for (Connection connection : connections) {
            closeQuietly(connection.socket);
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
            Socket socket;
            try {
                socket = serverSocket.accept();
            } catch (IOException e) {
                if (!stopped) {
                    LOG.warn("Embedded DynamoDB stopped accepting connections", e);
                }
                return;
            }
            if (connections.size() >= limits.maxConnections() && !evictLongestIdle()) {
                refuseBusy(socket);
                continue;
            }
            Connection connection = new Connection(socket);
            connections.add(connection);
            try {
                threads.execute(() -> serve(connection));
            } catch (RejectedExecutionException e) {
                connections.remove(connection);
                closeQuietly(socket);
            }
        }
    }

    /** Closes the connection that has waited longest for its next request; false when every connection is busy. */
    private boolean evictLongestIdle() {
        Connection oldest = null;
        for (Connection connection : connections) {
            long since = connection.idleSince;
            if (since != 0 && (oldest == null || since - oldest.idleSince < 0)) {
                oldest = connection;
            }
        }
        if (oldest == null || !connections.remove(oldest)) {
            return false;
        }
        LOG.debug("Closing an idle connection to stay within {} connections", limits.maxConnections());
        closeQuietly(oldest.socket);
        return true;
    }

    private void refuseBusy(Socket socket) {
        LOG.debug("Refusing a connection: all {} connections are busy", limits.maxConnections());
        try (socket) {
            socket.setSoTimeout(1000);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 1024);
            write(out, 503, BUSY, false, "");
        } catch (IOException e) {
            LOG.trace("Refusal failed", e);
        }
    }

    private void serve(Connection connection) {
        Socket socket = connection.socket;
        try (socket) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout((int) limits.idleTimeout().toMillis());
            BufferedInputStream in = new BufferedInputStream(socket.getInputStream(), 16384);
            HttpRequestReader reader = new HttpRequestReader(in);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 16384);
            while (!stopped) {
                connection.idleSince = System.nanoTime() | 1;
                if (!awaitRequest(in)) {
                    return;
                }
                connection.idleSince = 0;
                HttpRequestReader.Request request;
                try {
                    request = reader.read(() -> writeContinue(out));
                } catch (HttpRequestReader.BadRequest e) {
                    write(out, e.status(), e.getMessage().getBytes(StandardCharsets.UTF_8), false, "");
                    return;
                }
                if (request == null) {
                    return;
                }
                long due = System.nanoTime() + latencyNanos;
                boolean keepAlive = request.keepAlive() && !stopped;
                answer(out, request, keepAlive, due);
                if (!keepAlive) {
                    return;
                }
            }
        } catch (SocketTimeoutException e) {
            LOG.trace("Closing a connection silent for {}", limits.idleTimeout());
        } catch (SocketException e) {
            LOG.trace("Connection closed", e);
        } catch (IOException e) {
            LOG.debug("Connection failed", e);
        } finally {
            connections.remove(connection);
        }
    }

    /** Waits for the first byte of the next request; false when the client closed the connection. */
    private static boolean awaitRequest(BufferedInputStream in) throws IOException {
        in.mark(1);
        if (in.read() < 0) {
            return false;
        }
        in.reset();
        return true;
    }

    private void answer(OutputStream out, HttpRequestReader.Request request, boolean keepAlive, long due)
            throws IOException {
        String cors = corsHeaders(request);
        switch (request.method()) {
            case "POST" -> {
                RequestDispatcher.Response response = dispatcher.dispatch(request.header("x-amz-target"),
                        request.body(), request.header("authorization"), request.header("host"));
                awaitDue(due);
                write(out, response.status(), answerContentType(request), response.body(), keepAlive, cors);
            }
            case "OPTIONS" -> {
                awaitDue(due);
                write(out, 200, EMPTY, keepAlive, cors + preflightHeaders(request));
            }
            default -> {
                awaitDue(due);
                write(out, 200, HEALTH, keepAlive, cors);
            }
        }
    }

    /**
     * The content type of an operation's answer: {@code application/json} for a request sent as
     * {@code application/json} (parameters such as a charset aside), as DynamoDB answers it; otherwise DynamoDB's own
     * {@code application/x-amz-json-1.0}.
     */
    private static String answerContentType(HttpRequestReader.Request request) {
        String sent = request.header("content-type");
        String mediaType = sent == null ? "" : sent.split(";", 2)[0].trim();
        return mediaType.equalsIgnoreCase(PLAIN_JSON) ? PLAIN_JSON : CONTENT_TYPE;
    }

    /** Waits until the {@link System#nanoTime()} given, or until the server stops (which interrupts its threads). */
    private static void awaitDue(long due) {
        for (long left = due - System.nanoTime(); left > 0 && !Thread.currentThread().isInterrupted();
                left = due - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    /** For a browser's request (it sends Origin): allow any origin and expose the headers the SDKs read. */
    private static String corsHeaders(HttpRequestReader.Request request) {
        if (request.header("origin") == null) {
            return "";
        }
        return "Access-Control-Allow-Origin: *\r\n"
                + "Access-Control-Expose-Headers: x-amzn-RequestId, x-amz-crc32\r\n";
    }

    /** The answer to a CORS preflight (OPTIONS): the methods and headers asked for are allowed. */
    private static String preflightHeaders(HttpRequestReader.Request request) {
        if (request.header("origin") == null) {
            return "";
        }
        String headers = request.header("access-control-request-headers");
        String method = request.header("access-control-request-method");
        return (headers == null ? "" : "Access-Control-Allow-Headers: " + headers + "\r\n")
                + "Access-Control-Allow-Methods: " + (method == null ? "GET, POST, OPTIONS" : method) + "\r\n"
                + "Access-Control-Max-Age: " + CORS_MAX_AGE + "\r\n";
    }

    private static void writeContinue(OutputStream out) {
        try {
            out.write(CONTINUE);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(OutputStream out, int status, byte[] body, boolean keepAlive, String extraHeaders)
            throws IOException {
        write(out, status, CONTENT_TYPE, body, keepAlive, extraHeaders);
    }

    private static void write(OutputStream out, int status, String contentType, byte[] body, boolean keepAlive,
                              String extraHeaders) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(body);
        String head = "HTTP/1.1 " + status + " " + reason(status) + "\r\n"
                + "Content-Type: " + contentType + "\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "x-amzn-RequestId: " + RequestIds.next() + "\r\n"
                + "x-amz-crc32: " + crc.getValue() + "\r\n"
                + extraHeaders
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
