package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.fault.FaultInjection;
import io.dynamodbtoolkit.embedded.persistence.DataDirectory;
import io.dynamodbtoolkit.embedded.persistence.Durability;
import io.dynamodbtoolkit.embedded.persistence.Recovery;
import io.dynamodbtoolkit.embedded.protocol.ConnectionLimits;
import io.dynamodbtoolkit.embedded.protocol.FaultInjector;
import io.dynamodbtoolkit.embedded.protocol.HttpFrontEnd;
import io.dynamodbtoolkit.embedded.protocol.RequestDispatcher;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An in-process DynamoDB-compatible server (in memory, or kept in a {@linkplain Builder#dataDirectory data
 * directory}) speaking the real wire protocol (AWS JSON 1.0 over HTTP), for
 * the AWS SDKs, the AWS CLI or any DynamoDB client pointed at {@link #endpoint()} with any region and any (dummy)
 * credentials: request signatures are not checked.
 *
 * <pre>{@code
 * try (EmbeddedDynamoDb dynamo = EmbeddedDynamoDb.start()) {
 *     DynamoDbClient client = DynamoDbClient.builder()
 *             .endpointOverride(dynamo.endpoint())
 *             .region(Region.US_EAST_1)
 *             .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "x")))
 *             .build();
 *     ...
 * }
 * }</pre>
 *
 * Instances are independent (no static state); {@link #close()} stops the server, frees the port and leaves no
 * thread behind.
 */
public final class EmbeddedDynamoDb implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDynamoDb.class);

    private final DynamoDbEngine engine;
    private final @Nullable DataDirectory dataDirectory;
    private final HttpFrontEnd frontEnd;
    private final @Nullable ScheduledExecutorService expirySweeper;
    private final URI endpoint;
    private final @Nullable Path dataDirectoryPath;
    private final Duration latency;
    private volatile FaultInjector faults;
    private volatile boolean closed;

    private EmbeddedDynamoDb(Builder builder) {
        this.engine = new DynamoDbEngine(builder.clock, builder.tableStatusDelay);
        this.dataDirectoryPath = builder.dataDirectory;
        this.latency = builder.latency;
        this.dataDirectory = builder.dataDirectory == null ? null : DataDirectory.open(builder.dataDirectory,
                builder.durability, builder.recovery, DataDirectory.DEFAULT_COMPACTION_THRESHOLD, engine);
        this.faults = new FaultInjector(builder.faultInjection);
        RequestDispatcher dispatcher = new RequestDispatcher(engine, () -> faults);
        try {
            this.frontEnd = HttpFrontEnd.start(new InetSocketAddress(builder.host, builder.port), dispatcher,
                    new ConnectionLimits(builder.idleTimeout, builder.maxConnections), builder.latency);
        } catch (RuntimeException e) {
            if (dataDirectory != null) {
                dataDirectory.close();
            }
            throw e;
        }
        InetSocketAddress bound = frontEnd.address();
        String host = bound.getAddress().isAnyLocalAddress() ? "localhost" : bound.getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        this.endpoint = URI.create("http://" + host + ":" + bound.getPort());
        if (builder.ttlSweepInterval.isZero()) {
            this.expirySweeper = null;
        } else {
            this.expirySweeper = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "embedded-dynamodb-" + bound.getPort() + "-ttl");
                thread.setDaemon(true);
                return thread;
            });
            long millis = builder.ttlSweepInterval.toMillis();
            expirySweeper.scheduleWithFixedDelay(this::sweepQuietly, millis, millis, TimeUnit.MILLISECONDS);
        }
        LOG.debug("Embedded DynamoDB started at {}", endpoint);
    }

    /** Starts an in-memory instance on a free loopback port, with default options. */
    public static EmbeddedDynamoDb start() {
        return builder().start();
    }

    /** A builder for an instance with options (port, host, fault injection, TTL sweep interval, clock...). */
    public static Builder builder() {
        return new Builder();
    }

    /** The HTTP endpoint to point clients at, e.g. {@code http://127.0.0.1:54321}. */
    public URI endpoint() {
        return endpoint;
    }

    /** The directory the tables are kept in, or empty when they are in memory only. */
    public Optional<Path> dataDirectory() {
        return Optional.ofNullable(dataDirectoryPath);
    }

    /** How long after its request each answer is sent at the earliest ({@link Builder#latency}). */
    public Duration latency() {
        return latency;
    }

    /** The port the server listens on. */
    public int port() {
        return endpoint.getPort();
    }

    /** Replaces the faults injected from now on ({@link FaultInjection#none()} to stop injecting). */
    public void faultInjection(FaultInjection faultInjection) {
        this.faults = new FaultInjector(Objects.requireNonNull(faultInjection, "faultInjection"));
    }

    /**
     * Removes the expired items of every table with time to live enabled now, instead of waiting for the next
     * periodic sweep; returns how many were removed.
     */
    public int removeExpiredItems() {
        return engine.removeExpiredItems();
    }

    private void sweepQuietly() {
        try {
            engine.removeExpiredItems();
        } catch (RuntimeException e) {
            LOG.warn("Time-to-live sweep failed", e);
        }
    }

    /**
     * Stops the server, frees the port and stops its threads; with a data directory, writes a final snapshot and
     * releases the directory. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (expirySweeper != null) {
            expirySweeper.shutdownNow();
        }
        frontEnd.stop();
        if (dataDirectory != null) {
            dataDirectory.close();
        }
        LOG.debug("Embedded DynamoDB at {} stopped", endpoint);
    }

    @Override
    public String toString() {
        return "EmbeddedDynamoDb[" + endpoint + "]";
    }

    /** Options of an {@link EmbeddedDynamoDb}. */
    public static final class Builder {
        private InetAddress host = InetAddress.getLoopbackAddress();
        private int port;
        private FaultInjection faultInjection = FaultInjection.none();
        private Duration ttlSweepInterval = Duration.ofSeconds(1);
        private Clock clock = Clock.systemUTC();
        private Duration idleTimeout = ConnectionLimits.DEFAULTS.idleTimeout();
        private int maxConnections = ConnectionLimits.DEFAULTS.maxConnections();
        private Duration tableStatusDelay = Duration.ZERO;
        private Duration latency = Duration.ZERO;
        private @Nullable Path dataDirectory;
        private Durability durability = Durability.SYNC_EVERY_SECOND;
        private Recovery recovery = Recovery.REFUSE;

        private Builder() {
        }

        /**
         * How long a connection may stay silent (no request, or a request stalled half-way) before the server closes
         * it; 2 minutes by default, longer than the AWS SDKs keep idle pooled connections (60 s), so that a client
         * rarely finds its pooled connection closed.
         */
        public Builder idleTimeout(Duration idleTimeout) {
            this.idleTimeout = ConnectionLimits.checkedIdleTimeout(idleTimeout);
            return this;
        }

        /**
         * The most client connections served at once (each holds a thread while open); 512 by default. A connection
         * arriving at the bound closes the connection that has been idle the longest; when none is idle, it is
         * answered HTTP 503 (ServiceUnavailableException, which the SDKs retry).
         */
        public Builder maxConnections(int maxConnections) {
            this.maxConnections = ConnectionLimits.checkedMaxConnections(maxConnections);
            return this;
        }

        /**
         * How long after a request arrives its answer is sent at the earliest (the engine's own work counts within
         * it); {@link Duration#ZERO} (the default) answers at once. Set to DynamoDB's round trip in the same region (a
         * few milliseconds) to see on one machine what a code path's calls cost there: the calls it makes one after
         * the other add up, the calls in flight at once overlap. Each connection waits alone; at most 1 minute.
         */
        public Builder latency(Duration latency) {
            this.latency = HttpFrontEnd.checkedLatency(Objects.requireNonNull(latency, "latency"));
            return this;
        }

        /** The port to listen on; 0 (the default) picks a free port. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be between 0 and 65535, was " + port);
            }
            this.port = port;
            return this;
        }

        /** The host name or address to bind; the loopback address by default. */
        public Builder host(String host) {
            try {
                this.host = InetAddress.getByName(Objects.requireNonNull(host, "host"));
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("Unknown host for the embedded DynamoDB: " + host, e);
            }
            return this;
        }

        /** Faults to inject (none by default). */
        public Builder faultInjection(FaultInjection faultInjection) {
            this.faultInjection = Objects.requireNonNull(faultInjection, "faultInjection");
            return this;
        }

        /**
         * How often expired items are removed from tables with time to live enabled (1 second by default;
         * {@link Duration#ZERO} disables the background sweep: call {@link #removeExpiredItems()}).
         */
        public Builder ttlSweepInterval(Duration interval) {
            if (interval.isNegative()) {
                throw new IllegalArgumentException("ttlSweepInterval must not be negative, was " + interval);
            }
            this.ttlSweepInterval = interval;
            return this;
        }

        /** The clock used for time to live and creation times (the system clock by default). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * How long a table stays CREATING after CreateTable, UPDATING after UpdateTable (a new global index is
         * CREATING and backfilling as long) and DELETING after DeleteTable, as DynamoDB's tables do for a while, for
         * code that waits on the status; {@link Duration#ZERO} (the default) makes every change immediate. While a
         * table is CREATING, data operations on it fail with ResourceNotFoundException, and UpdateTable or
         * DeleteTable on a table that is not ACTIVE fail with ResourceInUseException, as in DynamoDB.
         */
        public Builder tableStatusDelay(Duration delay) {
            if (delay.isNegative()) {
                throw new IllegalArgumentException("tableStatusDelay must not be negative, was " + delay);
            }
            this.tableStatusDelay = delay;
            return this;
        }

        /**
         * Keeps the tables in this directory (created if needed) so that they survive a restart: a snapshot plus an
         * append-only log of every write, appended before the write is answered (see {@link #durability}). Without
         * it (the default) everything is in memory and lost on {@link #close()}. A directory serves one engine at a
         * time (a lock file keeps a second one out).
         */
        public Builder dataDirectory(Path directory) {
            this.dataDirectory = Objects.requireNonNull(directory, "directory");
            return this;
        }

        /** When the data directory's log is forced to disk; {@link Durability#SYNC_EVERY_SECOND} by default. */
        public Builder durability(Durability durability) {
            this.durability = Objects.requireNonNull(durability, "durability");
            return this;
        }

        /**
         * What the start does when a file of the data directory is damaged in a way no crash explains (a log record
         * failing its checksum with intact records after it, a damaged snapshot): {@link Recovery#REFUSE} (the
         * default) fails the start naming the file and the offset, {@link Recovery#TRUNCATE} keeps what precedes the
         * damage and copies the rest aside. A torn last record of the log is dropped in either case.
         */
        public Builder recovery(Recovery recovery) {
            this.recovery = Objects.requireNonNull(recovery, "recovery");
            return this;
        }

        /** Starts the server. */
        public EmbeddedDynamoDb start() {
            return new EmbeddedDynamoDb(this);
        }
    }
}
