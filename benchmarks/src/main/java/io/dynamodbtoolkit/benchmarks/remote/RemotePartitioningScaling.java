package io.dynamodbtoolkit.benchmarks.remote;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.embedded.EmbeddedDynamoDb;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Throughput of a subtree move as a remotely partitioned Spring Batch job with 1, 2 and 4 worker processes, against
 * the in-JVM mass engine ({@code MassOperations.moveAllUnder}) on the same data in the same run: the embedded engine
 * in this JVM with a 5 ms round trip, PostgreSQL as the job repository ({@code DYNAMODB_TOOLKIT_TEST_POSTGRES_URL},
 * e.g. from {@code .ci/postgres}). Each round moves the whole subtree from one state to the other (so the data is
 * the same every time); worker start-up is not timed. Prints items per second per round, the median and the range,
 * and the scaling efficiency (throughput with N workers / (N x one worker's)).
 *
 * <p>Arguments: {@code rows rounds workers...}, e.g. {@code 200000 3 1 2 4}.
 */
public final class RemotePartitioningScaling {

    private RemotePartitioningScaling() {
    }

    public static void main(String[] args) throws Exception {
        int rows = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int[] workerCounts = Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt).toArray();
        String postgres = System.getenv("DYNAMODB_TOOLKIT_TEST_POSTGRES_URL");
        if (postgres == null) {
            throw new IllegalStateException("Set DYNAMODB_TOOLKIT_TEST_POSTGRES_URL to a PostgreSQL JDBC URL "
                    + "(source .ci/postgres && postgres_start)");
        }
        try (EmbeddedDynamoDb engine = EmbeddedDynamoDb.builder().port(0).latency(Duration.ofMillis(5)).start()) {
            DynamoDbEndpoint endpoint = DynamoDbEndpoint.of(engine.endpoint(), "embedded");
            DynamoDbClient client = endpoint.clientBuilder().build();
            String table = "bench-remote-move";
            TableProvisioner.of(client).create(BenchFleet.declaration(table));
            Adapter<Map<String, Object>> fleet = Adapter.create(BenchFleet.declaration(table), client);
            long seeding = System.nanoTime();
            BenchFleet.seed(fleet, rows);
            System.out.printf("%,d rows seeded in %.1f s (5 ms round trip)%n", rows, seconds(seeding));

            Map<String, List<Double>> rates = new LinkedHashMap<>();
            String[] states = {"TX", "CA"};
            int move = 0;
            for (int round = 0; round < rounds; round++) {
                String from = states[move % 2];
                String to = states[++move % 2];
                long start = System.nanoTime();
                MassResult result = MassOperations.of(fleet).moveAllUnder(
                        KeyValues.of("state", from),
                        KeyValues.of("state", to), MassOptions.defaults());
                record(rates, "in-JVM moveAllUnder", rows / seconds(start), round, result.toString());
                for (int workers : workerCounts) {
                    from = states[move % 2];
                    to = states[++move % 2];
                    double rate = remoteMove(postgres, engine, table, rows, workers, from, to, round);
                    record(rates, workers + " worker process" + (workers == 1 ? "" : "es"), rate, round, "");
                }
            }
            report(rates, workerCounts);
        }
    }

    private static double remoteMove(String postgres, EmbeddedDynamoDb engine, String table, int rows, int workers,
            String from, String to, int round) throws Exception {
        String jdbcUrl = database(postgres, "bench_remote_" + workers + "_" + round);
        Map<String, String> settings = Map.of("bench.jdbc-url", jdbcUrl, "bench.endpoint",
                engine.endpoint().toString(), "bench.table", table, "bench.split-rows",
                String.valueOf(Math.max(1, rows / (4 * 4))));
        List<Process> processes = new ArrayList<>();
        Path logs = Files.createTempDirectory("bench-workers");
        try {
            for (int w = 0; w < workers; w++) {
                processes.add(startWorker(settings, logs.resolve("worker-" + w + ".log")));
            }
            for (int w = 0; w < workers; w++) {
                awaitReady(logs.resolve("worker-" + w + ".log"), processes.get(w));
            }
            settings.forEach(System::setProperty);
            try (AnnotationConfigApplicationContext manager = new AnnotationConfigApplicationContext(
                    RemoteMoveWorker.class)) {
                long start = System.nanoTime();
                JobExecution execution = manager.getBean(JobOperator.class).start(manager.getBean(Job.class),
                        new JobParametersBuilder().addString("from", from).addString("to", to).toJobParameters());
                double rate = rows / seconds(start);
                if (execution.getStatus() != BatchStatus.COMPLETED) {
                    throw new IllegalStateException("The remote move ended " + execution.getStatus());
                }
                return rate;
            }
        } finally {
            for (Process process : processes) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private static Process startWorker(Map<String, String> settings, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx512m"));
        settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), RemoteMoveWorker.class.getName()));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitReady(Path log, Process process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.readString(log).contains("WORKER READY")) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("A worker did not start: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    /** A new database on the PostgreSQL of {@code adminUrl} with Spring Batch's and Spring Integration's tables. */
    private static String database(String adminUrl, String name) throws SQLException {
        try (Connection connection = DriverManager.getConnection(adminUrl);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + name);
            statement.execute("CREATE DATABASE " + name);
        }
        String url = adminUrl.replaceFirst("(jdbc:postgresql://[^/?]+/)[^?]*", "$1" + name);
        new ResourceDatabasePopulator(new ClassPathResource("org/springframework/batch/core/schema-postgresql.sql"),
                new ClassPathResource("org/springframework/integration/jdbc/schema-postgresql.sql"))
                .execute(new DriverManagerDataSource(url));
        return url;
    }

    private static void record(Map<String, List<Double>> rates, String setup, double rate, int round,
            String detail) {
        rates.computeIfAbsent(setup, key -> new ArrayList<>()).add(rate);
        System.out.printf("round %d, %-22s %,9.0f items/s %s%n", round + 1, setup, rate, detail);
    }

    private static void report(Map<String, List<Double>> rates, int[] workerCounts) {
        System.out.println();
        System.out.println("| Setup | items/s, median | min | max | scaling efficiency |");
        System.out.println("|-------|----------------:|----:|----:|-------------------:|");
        double one = rates.containsKey("1 worker process") ? median(rates.get("1 worker process")) : Double.NaN;
        rates.forEach((setup, values) -> {
            int workers = setup.endsWith("process") || setup.endsWith("processes")
                    ? Integer.parseInt(setup.substring(0, setup.indexOf(' '))) : 0;
            String efficiency = workers == 0 ? "" : "%.2f".formatted(median(values) / (workers * one));
            System.out.printf("| %s | %,.0f | %,.0f | %,.0f | %s |%n", setup, median(values),
                    values.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    values.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), efficiency);
        });
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
