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

import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * Start-up time: from nothing to a server answering an HTTP request, then stopped. Each fork is a fresh JVM and
 * measures one start (single shot), so the score is the cold start-up an application or a test run pays; the SDK
 * client is left out so that only the server is measured.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class StartupBenchmark {

    @Param({"EMBEDDED", "MOTO"})
    public Backend backend;

    @Benchmark
    public int startAnswerAndStop() throws Exception {
        try (Backend.Running server = backend.start()) {
            HttpURLConnection connection = (HttpURLConnection) URI.create(server.endpoint() + "/").toURL()
                    .openConnection();
            connection.setRequestMethod("POST");
            connection.setRequestProperty("X-Amz-Target", "DynamoDB_20120810.ListTables");
            connection.setRequestProperty("Content-Type", "application/x-amz-json-1.0");
            connection.setDoOutput(true);
            connection.getOutputStream().write("{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            int status = connection.getResponseCode();
            try (InputStream body = connection.getInputStream()) {
                body.readAllBytes();
            }
            connection.disconnect();
            if (status != 200) {
                throw new IllegalStateException("ListTables answered " + status);
            }
            return status;
        }
    }
}
