package io.dynamodbtoolkit.springbatch.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * Job repository databases for the tests that span processes: one database server per test JVM, a fresh database
 * with Spring Batch's and Spring Integration's tables per test class. The server is the PostgreSQL named by
 * {@value #POSTGRES_URL_VARIABLE} (set by {@code .ci/run}), else a throwaway PostgreSQL cluster started here from the
 * machine's PostgreSQL binaries, else, where PostgreSQL cannot start, H2 in server mode (said in the log).
 */
final class JobRepositoryDatabases {

    static final String POSTGRES_URL_VARIABLE = "DYNAMODB_TOOLKIT_TEST_POSTGRES_URL";

    private static final Pattern POSTGRES_URL = Pattern.compile("(jdbc:postgresql://[^/?]+/)([^?]*)(\\?.*)?");

    private static Server server;

    private JobRepositoryDatabases() {
    }

    /** A new database named {@code name} (letters, digits and underscores) holding the job repository's tables. */
    static synchronized JobDatabase create(String name) {
        if (!name.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("Database name '" + name + "': use lower-case letters, digits, _");
        }
        if (server == null) {
            server = startServer();
        }
        JobDatabase database = server.create(name);
        ResourceDatabasePopulator schemas = new ResourceDatabasePopulator(
                new ClassPathResource("org/springframework/batch/core/schema-" + database.product() + ".sql"),
                new ClassPathResource("org/springframework/integration/jdbc/schema-" + database.product() + ".sql"));
        schemas.execute(database.dataSource());
        return database;
    }

    /** A database URL and the product name used in the schema scripts' names ({@code postgresql}, {@code h2}). */
    record JobDatabase(String url, String product) {

        DriverManagerDataSource dataSource() {
            return new DriverManagerDataSource(url);
        }
    }

    private interface Server {
        JobDatabase create(String name);
    }

    private static Server startServer() {
        String url = System.getenv(POSTGRES_URL_VARIABLE);
        if (url != null && !url.isBlank()) {
            System.out.println("Job repository: the PostgreSQL of " + POSTGRES_URL_VARIABLE + ", " + url);
            return postgres(url);
        }
        try {
            String started = ThrowawayPostgres.start();
            System.out.println("Job repository: a throwaway PostgreSQL cluster, " + started);
            return postgres(started);
        } catch (RuntimeException e) {
            System.out.println("Job repository: PostgreSQL could not start (" + e.getMessage()
                    + "); falling back to H2 in server mode");
            return h2();
        }
    }

    private static Server postgres(String adminUrl) {
        Matcher url = POSTGRES_URL.matcher(adminUrl);
        if (!url.matches()) {
            throw new IllegalStateException(POSTGRES_URL_VARIABLE + " must be a jdbc:postgresql://host:port/database"
                    + " URL, not " + adminUrl);
        }
        return name -> {
            try (Connection connection = DriverManager.getConnection(adminUrl);
                    Statement statement = connection.createStatement()) {
                statement.execute("DROP DATABASE IF EXISTS " + name);
                statement.execute("CREATE DATABASE " + name);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not create database " + name + ": " + e.getMessage(), e);
            }
            String query = url.group(3) == null ? "" : url.group(3);
            return new JobDatabase(url.group(1) + name + query, "postgresql");
        };
    }

    private static Server h2() {
        try {
            int port = freePort();
            org.h2.tools.Server tcp = org.h2.tools.Server.createTcpServer("-tcpPort", String.valueOf(port),
                    "-tcpAllowOthers", "-ifNotExists").start();
            Runtime.getRuntime().addShutdownHook(new Thread(tcp::stop));
            return name -> new JobDatabase("jdbc:h2:tcp://127.0.0.1:" + port + "/mem:" + name
                    + ";DB_CLOSE_DELAY=-1", "h2");
        } catch (SQLException e) {
            throw new IllegalStateException("Neither PostgreSQL nor H2 in server mode could start", e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A PostgreSQL cluster in a temporary directory on a free loopback port, from the machine's
     * {@code /usr/lib/postgresql/<version>/bin}; run as the {@code postgres} user when this JVM is root (PostgreSQL
     * refuses root); stopped and deleted when the JVM exits.
     */
    private static final class ThrowawayPostgres {

        static String start() {
            Path bin = binaries();
            boolean root = "root".equals(System.getProperty("user.name"));
            try {
                Path directory = Files.createTempDirectory("dynamodb-toolkit-postgres");
                if (root) {
                    run(List.of("chown", "postgres", directory.toString()), false);
                }
                int port = freePort();
                String data = directory.resolve("data").toString();
                run(List.of(bin.resolve("initdb").toString(), "-D", data, "-U", "postgres", "-A", "trust"), root);
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", data, "-l", directory.resolve("log").toString(),
                        "-w", "-o", "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1"
                                + " -c max_connections=200", "start"), root);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(bin, data, directory, root)));
                return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static Path binaries() {
            try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
                Optional<Path> newest = versions.map(version -> version.resolve("bin"))
                        .filter(bin -> Files.isExecutable(bin.resolve("initdb")))
                        .max(Comparator.comparing(bin -> Integer.parseInt(
                                bin.getParent().getFileName().toString().replaceAll("\\D", "0"))));
                return newest.orElseThrow(() -> new IllegalStateException("no initdb under /usr/lib/postgresql"));
            } catch (IOException e) {
                throw new IllegalStateException("PostgreSQL is not installed under /usr/lib/postgresql", e);
            }
        }

        private static void stop(Path bin, String data, Path directory, boolean root) {
            try {
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", data, "-m", "immediate", "stop"), root);
                run(List.of("rm", "-rf", directory.toString()), false);
            } catch (RuntimeException e) {
                System.err.println("Could not stop the throwaway PostgreSQL in " + directory + ": " + e.getMessage());
            }
        }

        private static void run(List<String> command, boolean asPostgres) {
            List<String> line = new ArrayList<>();
            if (asPostgres) {
                line.addAll(Arrays.asList("runuser", "-u", "postgres", "--"));
            }
            line.addAll(command);
            try {
                Process process = new ProcessBuilder(line).redirectErrorStream(true).start();
                byte[] output = process.getInputStream().readAllBytes();
                if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", line) + " failed: " + new String(output));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
