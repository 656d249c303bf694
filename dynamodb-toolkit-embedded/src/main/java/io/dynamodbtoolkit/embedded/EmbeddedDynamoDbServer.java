package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.persistence.Durability;
import io.dynamodbtoolkit.embedded.persistence.Recovery;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;

import io.dynamodbtoolkit.embedded.protocol.HttpFrontEnd;
import org.jspecify.annotations.Nullable;

/**
 * The standalone server: {@code java -jar dynamodb-toolkit-embedded-<version>-server.jar [--port 8000]
 * [--host 127.0.0.1] [--data-dir DIR] [--durability sync-every-second|sync-every-write|no-sync]
 * [--recover refuse|truncate] [--latency MS] [--table-status-delay MS]}.
 * It serves until the process is stopped (Ctrl-C or SIGTERM closes it cleanly, writing a final snapshot of the data
 * directory).
 */
public final class EmbeddedDynamoDbServer {

    static final String USAGE = """
            Usage: java -jar dynamodb-toolkit-embedded-<version>-server.jar [options]
              --port N           the port to listen on (default 8000; 0 picks a free port)
              --host ADDRESS     the address to bind (default 127.0.0.1; 0.0.0.0 for every interface)
              --data-dir DIR     keep the tables in DIR across restarts (default: in memory only)
              --durability MODE  with --data-dir, when the log is forced to disk: sync-every-second (default),
                                 sync-every-write or no-sync
              --recover MODE     with --data-dir, what a file damaged before its end (not by a crash) does:
                                 refuse (default: the server does not start, naming file and offset) or
                                 truncate (keep what precedes the damage, copy the rest aside next to it)
              --latency MS       answer each request MS milliseconds after it arrives at the earliest, as
                                 DynamoDB's round trip would (default 0: at once)
              --table-status-delay MS
                                 keep a table CREATING, UPDATING or DELETING for MS milliseconds after each
                                 change, as DynamoDB does (default 0: every change is immediate)
              --help             this text""";

    private EmbeddedDynamoDbServer() {
    }

    /** The options of a command line. */
    record Options(int port, String host, @Nullable Path dataDirectory, Durability durability, Recovery recovery,
            Duration latency, Duration tableStatusDelay, boolean help) {

        static Options parse(List<String> arguments) {
            int port = 8000;
            String host = "127.0.0.1";
            Path dataDirectory = null;
            Durability durability = Durability.SYNC_EVERY_SECOND;
            Recovery recovery = Recovery.REFUSE;
            Duration latency = Duration.ZERO;
            Duration tableStatusDelay = Duration.ZERO;
            boolean help = false;
            Deque<String> remaining = new ArrayDeque<>();
            for (String argument : arguments) {
                int equals = argument.indexOf('=');
                if (argument.startsWith("--") && equals > 0) {
                    remaining.add(argument.substring(0, equals));
                    remaining.add(argument.substring(equals + 1));
                } else {
                    remaining.add(argument);
                }
            }
            while (!remaining.isEmpty()) {
                String option = remaining.poll();
                switch (option) {
                    case "--port" -> port = port(value(option, remaining));
                    case "--host" -> host = value(option, remaining);
                    case "--data-dir" -> dataDirectory = Path.of(value(option, remaining));
                    case "--durability" -> durability = durability(value(option, remaining));
                    case "--recover" -> recovery = recovery(value(option, remaining));
                    case "--latency" -> latency = latency(value(option, remaining));
                    case "--table-status-delay" -> tableStatusDelay = tableStatusDelay(value(option, remaining));
                    case "--help", "-h" -> help = true;
                    default -> throw new IllegalArgumentException("Unknown option: " + option);
                }
            }
            return new Options(port, host, dataDirectory, durability, recovery, latency, tableStatusDelay, help);
        }

        private static String value(String option, Deque<String> remaining) {
            String value = remaining.poll();
            if (value == null || value.startsWith("--")) {
                throw new IllegalArgumentException("The option " + option + " needs a value");
            }
            return value;
        }

        private static int port(String value) {
            try {
                int port = Integer.parseInt(value);
                if (port >= 0 && port <= 65535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--port must be a number from 0 to 65535, was " + value);
        }

        private static Duration latency(String value) {
            try {
                return HttpFrontEnd.checkedLatency(Duration.ofMillis(Long.parseLong(value)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--latency must be a number of milliseconds from 0 to 60000, was "
                        + value);
            }
        }

        private static Duration tableStatusDelay(String value) {
            try {
                long millis = Long.parseLong(value);
                if (millis >= 0) {
                    return Duration.ofMillis(millis);
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException("--table-status-delay must be a number of milliseconds, 0 or more, was "
                    + value);
        }

        private static Recovery recovery(String value) {
            try {
                return Recovery.valueOf(value.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--recover must be refuse or truncate, was " + value);
            }
        }

        private static Durability durability(String value) {
            try {
                return Durability.valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--durability must be sync-every-second, sync-every-write or"
                        + " no-sync, was " + value);
            }
        }

        EmbeddedDynamoDb start() {
            EmbeddedDynamoDb.Builder builder = EmbeddedDynamoDb.builder().port(port).host(host).durability(durability)
                    .recovery(recovery).latency(latency).tableStatusDelay(tableStatusDelay);
            if (dataDirectory != null) {
                builder.dataDirectory(dataDirectory);
            }
            return builder.start();
        }
    }

    /** Starts the server and serves until the process is stopped. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            fail(e.getMessage() + System.lineSeparator() + USAGE);
            return;
        }
        if (options.help()) {
            System.out.println(USAGE);
            return;
        }
        EmbeddedDynamoDb dynamo;
        try {
            dynamo = options.start();
        } catch (RuntimeException e) {
            fail("Cannot start the embedded DynamoDB: " + e.getMessage());
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            dynamo.close();
            stopped.countDown();
        }, "embedded-dynamodb-shutdown"));
        System.out.println("Embedded DynamoDB listening on " + dynamo.endpoint() + " ("
                + dynamo.dataDirectory().map(dir -> "tables kept in " + dir.toAbsolutePath() + ", "
                + options.durability().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                .orElse("in memory: tables are lost when it stops")
                + (dynamo.latency().isZero() ? "" : "; each answer held until " + dynamo.latency().toMillis()
                        + " ms after its request") + ")");
        stopped.await();
    }

    private static void fail(String message) {
        System.err.println(message);
        System.exit(2);
    }
}
