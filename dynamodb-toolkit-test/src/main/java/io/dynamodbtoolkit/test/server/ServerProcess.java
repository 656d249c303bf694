package io.dynamodbtoolkit.test.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;

/**
 * A DynamoDB-compatible server running as a child process on a free loopback port, its output going to a log file.
 * Closing it stops the whole process tree.
 */
final class ServerProcess implements DynamoDbServer {

    private static final int PORT_ATTEMPTS = 3;
    private static final int OUTPUT_TAIL_CHARACTERS = 4_000;
    private static final Duration POLL_INTERVAL = Duration.ofMillis(50);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final String serverName;
    private final List<String> command;
    private final Process process;
    private final URI endpoint;
    private final Path logFile;
    private final AtomicBoolean closed = new AtomicBoolean();

    private ServerProcess(String serverName, List<String> command, Process process, URI endpoint, Path logFile) {
        this.serverName = serverName;
        this.command = command;
        this.process = process;
        this.endpoint = endpoint;
        this.logFile = logFile;
    }

    /**
     * Starts the server on a free port and waits until it answers.
     *
     * @param serverName short name used in messages and in the log file name, e.g. {@code moto}
     * @param commandForPort the command line for a given port
     * @param logDirectory where {@code <serverName>-server-<port>.log} is written
     * @throws IOException when the process cannot be launched, exits early or does not answer in time; the message
     *     contains the command and the tail of the server's output
     */
    static ServerProcess start(String serverName, IntFunction<List<String>> commandForPort, Path logDirectory,
            Duration timeout) throws IOException, InterruptedException {
        Files.createDirectories(logDirectory);
        for (int attempt = 1; ; attempt++) {
            int port = freeLoopbackPort();
            List<String> command = commandForPort.apply(port);
            Path logFile = logDirectory.resolve(serverName + "-server-" + port + ".log");
            Process process;
            try {
                process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(logFile.toFile())
                        .start();
            } catch (IOException e) {
                throw new IOException("Could not launch the " + serverName + " server with " + command + ": "
                        + e.getMessage(), e);
            }
            process.getOutputStream().close();
            URI endpoint = URI.create("http://127.0.0.1:" + port);
            ServerProcess server = new ServerProcess(serverName, command, process, endpoint, logFile);
            try {
                if (server.awaitAnswer(timeout)) {
                    return server;
                }
            } catch (IOException | InterruptedException | RuntimeException e) {
                server.close();
                throw e;
            }
            // exited early because another process took the port between our check and its bind: try another one
            if (attempt == PORT_ATTEMPTS) {
                throw server.failure("exited (code " + process.exitValue() + ") before answering");
            }
        }
    }

    /**
     * Polls until the endpoint answers.
     *
     * @return true once it answers; false when the process exited because its port was taken (worth a retry)
     */
    private boolean awaitAnswer(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (EndpointProbe.answers(endpoint) && process.isAlive()) {
                return true;
            }
            if (!process.isAlive()) {
                if (output().contains("Address already in use")) {
                    return false;
                }
                throw failure("exited (code " + process.exitValue() + ") before answering");
            }
            if (System.nanoTime() > deadline) {
                throw failure("did not answer at " + endpoint + " within " + timeout.toMillis() + " ms");
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
    }

    private IOException failure(String what) {
        return new IOException("The " + serverName + " server " + what + ". Command: " + String.join(" ", command)
                + "\nIts output (" + logFile + "):\n" + output());
    }

    /** The tail of the server's output so far. */
    String output() {
        try {
            String text = Files.readString(logFile, StandardCharsets.UTF_8);
            return text.length() <= OUTPUT_TAIL_CHARACTERS
                    ? text
                    : "..." + text.substring(text.length() - OUTPUT_TAIL_CHARACTERS);
        } catch (IOException e) {
            return "(could not read " + logFile + ": " + e.getMessage() + ")";
        }
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    /** The file the server's standard output and error go to. */
    Path logFile() {
        return logFile;
    }

    /** Whether the server process is still running. */
    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public String toString() {
        return serverName + " server at " + endpoint + " (pid " + process.pid() + ", log " + logFile + ")";
    }

    private static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not find a free loopback port", e);
        }
    }
}
