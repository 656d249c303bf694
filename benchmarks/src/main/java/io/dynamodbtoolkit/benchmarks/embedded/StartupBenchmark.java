package io.dynamodbtoolkit.benchmarks.embedded;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Start-up time. Each fork is a fresh JVM that measures one start (single shot), so the scores are the cold
 * start-up an application or a test run pays: {@code start} until the server accepts requests (the embedded engine's
 * {@code start()} returning; moto's and dynalite's launchers return once the server answers), and
 * {@code startAndFirstAnswer} until the first ListTables is answered. The request is written on a plain socket so
 * that no HTTP client's own start-up is counted.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class StartupBenchmark {

    private static final byte[] LIST_TABLES = ("POST / HTTP/1.1\r\nHost: localhost\r\n"
            + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Type: application/x-amz-json-1.0\r\n"
            + "Authorization: AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request,"
            + " SignedHeaders=host;x-amz-date, Signature=0\r\nX-Amz-Date: 20260101T000000Z\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\n{}").getBytes(StandardCharsets.ISO_8859_1);

    @Param({"EMBEDDED", "MOTO"})
    public Backend backend;

    @Benchmark
    public Object start() throws Exception {
        try (Backend.Running server = backend.start()) {
            return server.endpoint();
        }
    }

    @Benchmark
    public int startAndFirstAnswer() throws Exception {
        try (Backend.Running server = backend.start()) {
            return listTables(server.endpoint());
        }
    }

    private static int listTables(URI endpoint) throws IOException {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.getOutputStream().write(LIST_TABLES);
            InputStream in = socket.getInputStream();
            byte[] answer = in.readAllBytes();
            String status = new String(answer, 0, Math.min(12, answer.length), StandardCharsets.ISO_8859_1);
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IllegalStateException("ListTables answered " + status);
            }
            return answer.length;
        }
    }
}
