package io.dynamodbtoolkit.boot.autoconfigure.properties;


import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.provision.TableProvisioner;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code dynamodb.toolkit.*} properties: adapters, provisioning, cursors, retries, the embedded engine,
 * repositories and metrics. The DynamoDB client itself (region, endpoint, credentials) is Spring Cloud AWS's,
 * configured with {@code spring.cloud.aws.*}.
 */
@ConfigurationProperties(prefix = DynamoDbToolkitProperties.PREFIX)
public class DynamoDbToolkitProperties {

    /** The prefix of the toolkit's properties. */
    public static final String PREFIX = "dynamodb.toolkit";

    /**
     * Adapters by name, each becoming an Adapter bean of that name: table, key-fields, structural-key,
     * technical-prefix, type-labels, type-field, type-discriminator, version-field, created-at-field, indices,
     * filters, cascades and ttl-attribute (see the module README for every key).
     */
    private Map<String, AdapterProperties> adapters = new LinkedHashMap<>();

    /** Prefix added to every adapter's table name, e.g. an environment name such as dev-. */
    private String tablePrefix = "";

    /**
     * What to do with the adapters' tables at start-up: none, validate (fail start-up on any difference) or create
     * (add missing tables, indexes and TTL; never drop). Unset: create while the embedded engine runs, else none.
     */
    private @Nullable ProvisioningMode provisioning;

    /** How long start-up provisioning waits for a table or an index to become ACTIVE. */
    private Duration provisioningTimeout = Duration.ofMinutes(5);

    /**
     * Items start-up provisioning (validate or create) reads from each adapter's table to estimate which indexes need
     * a backfill (items written before an index was declared or changed lack the attributes the toolkit computes for
     * it); at most this many items in at most 24 Scan calls. 0 turns the estimate off.
     */
    private int provisioningBackfillSample = TableProvisioner.DEFAULT_BACKFILL_SAMPLE;

    /** List cursors. */
    private final Cursor cursor = new Cursor();

    /** Retries of batch and transaction calls. */
    private final Retry retry = new Retry();

    /**
     * Most BatchWriteItem / BatchGetItem calls one bulk call (putAll, deleteAll, getAll, a repository's saveAll and
     * deleteAllById) has in flight at once; fewer while DynamoDB throttles. 1 sends one call after the other.
     */
    private int batchConcurrency = 4;

    /** The embedded DynamoDB engine. */
    private final Embedded embedded = new Embedded();

    /** Spring Data repositories. */
    private final Repositories repositories = new Repositories();

    /** Spring transactions. */
    private final Transactions transactions = new Transactions();

    /** Micrometer metrics. */
    private final Metrics metrics = new Metrics();

    /** @return the adapters by name */
    public Map<String, AdapterProperties> getAdapters() {
        return adapters;
    }

    /** @param adapters the adapters by name */
    public void setAdapters(Map<String, AdapterProperties> adapters) {
        this.adapters = adapters;
    }

    /** @return the table name prefix */
    public String getTablePrefix() {
        return tablePrefix;
    }

    /** @param tablePrefix the table name prefix */
    public void setTablePrefix(String tablePrefix) {
        this.tablePrefix = tablePrefix;
    }

    /** @return the provisioning mode, or null when unset */
    public @Nullable ProvisioningMode getProvisioning() {
        return provisioning;
    }

    /** @param provisioning the provisioning mode */
    public void setProvisioning(@Nullable ProvisioningMode provisioning) {
        this.provisioning = provisioning;
    }

    /** @return how long provisioning waits */
    public Duration getProvisioningTimeout() {
        return provisioningTimeout;
    }

    /** @param provisioningTimeout how long provisioning waits */
    public void setProvisioningTimeout(Duration provisioningTimeout) {
        this.provisioningTimeout = provisioningTimeout;
    }

    /** @return the items read per adapter to estimate backfills, 0 for none */
    public int getProvisioningBackfillSample() {
        return provisioningBackfillSample;
    }

    /** @param provisioningBackfillSample the items read per adapter to estimate backfills, 0 for none */
    public void setProvisioningBackfillSample(int provisioningBackfillSample) {
        this.provisioningBackfillSample = provisioningBackfillSample;
    }

    /** @return the cursor settings */
    public Cursor getCursor() {
        return cursor;
    }

    /** @return the retry settings */
    public Retry getRetry() {
        return retry;
    }

    /** @return the most batch calls in flight per bulk call */
    public int getBatchConcurrency() {
        return batchConcurrency;
    }

    /** @param batchConcurrency the most batch calls in flight per bulk call */
    public void setBatchConcurrency(int batchConcurrency) {
        this.batchConcurrency = batchConcurrency;
    }

    /** @return the embedded engine settings */
    public Embedded getEmbedded() {
        return embedded;
    }

    /** @return the repository settings */
    public Repositories getRepositories() {
        return repositories;
    }

    /** @return the transaction settings */
    public Transactions getTransactions() {
        return transactions;
    }

    /** @return the metrics settings */
    public Metrics getMetrics() {
        return metrics;
    }

    /** List cursor settings. */
    public static class Cursor {

        /**
         * Secret that encrypts and authenticates list cursors (at least 16 bytes of UTF-8 text), the same on every
         * instance so cursors survive restarts and load balancing. Unset: a random key per process, with a warning.
         */
        private @Nullable String signingKey;

        /**
         * Whether list cursors are encrypted (AES-GCM under a key derived from the signing key), so clients cannot
         * read the key values they hold; false: only signed, and 16 characters shorter.
         */
        private boolean encrypted = true;

        /** @return the signing key, or null */
        public @Nullable String getSigningKey() {
            return signingKey;
        }

        /** @param signingKey the signing key */
        public void setSigningKey(@Nullable String signingKey) {
            this.signingKey = signingKey;
        }

        /** @return whether cursors are encrypted */
        public boolean isEncrypted() {
            return encrypted;
        }

        /** @param encrypted whether cursors are encrypted */
        public void setEncrypted(boolean encrypted) {
            this.encrypted = encrypted;
        }
    }

    /**
     * Retries of what the SDK client does not retry (unprocessed batch items and keys, transactions cancelled by
     * conflicts): exponential backoff with full jitter. Single calls are retried by the SDK client only.
     */
    public static class Retry {

        /** Most calls for one piece of batch work or one conflicting transaction, the first included. */
        private int maxAttempts = 8;

        /** Cap of the first retry's delay. */
        private Duration baseDelay = Duration.ofMillis(50);

        /** Cap of any retry's delay. */
        private Duration maxDelay = Duration.ofSeconds(20);

        /** @return the attempt limit */
        public int getMaxAttempts() {
            return maxAttempts;
        }

        /** @param maxAttempts the attempt limit */
        public void setMaxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
        }

        /** @return the first retry's delay cap */
        public Duration getBaseDelay() {
            return baseDelay;
        }

        /** @param baseDelay the first retry's delay cap */
        public void setBaseDelay(Duration baseDelay) {
            this.baseDelay = baseDelay;
        }

        /** @return any retry's delay cap */
        public Duration getMaxDelay() {
            return maxDelay;
        }

        /** @param maxDelay any retry's delay cap */
        public void setMaxDelay(Duration maxDelay) {
            this.maxDelay = maxDelay;
        }
    }

    /** The embedded DynamoDB engine (artifact io.dynamodbtoolkit:dynamodb-toolkit-embedded). */
    public static class Embedded {

        /**
         * Whether to start the in-memory embedded engine on a free port and point the DynamoDB client at it.
         * Unset: on when the engine is on the classpath and no endpoint is configured (spring.cloud.aws.endpoint,
         * spring.cloud.aws.dynamodb.endpoint or a service connection).
         */
        private @Nullable Boolean enabled;

        /** Port the embedded engine listens on (loopback only); 0 picks a free port. */
        private int port;

        /**
         * Directory the embedded engine keeps its tables in, so that they survive a restart (created if missing;
         * one engine at a time). Unset: in memory, lost when the application stops.
         */
        private @Nullable Path dataDir;

        /**
         * What the embedded engine does when a file of its data-dir is damaged in a way no crash explains (a log
         * record failing its checksum with intact records after it, a damaged snapshot): refuse (the default) fails
         * start-up naming the file and the byte offset; truncate keeps what precedes the damage and copies the rest
         * aside next to the file. A torn last record of the log (a crash) is dropped either way.
         */
        private String recover = "refuse";

        /**
         * How long after a request arrives the embedded engine answers it at the earliest, to see on one machine what
         * DynamoDB's round trip (a few milliseconds in the same region) makes of the application's calls: calls made
         * one after the other add up, calls in flight together overlap. 0 (the default) answers at once; at most 1
         * minute.
         */
        private Duration latency = Duration.ZERO;

        /** @return whether the engine is enabled, or null when unset */
        public @Nullable Boolean getEnabled() {
            return enabled;
        }

        /** @param enabled whether the engine is enabled */
        public void setEnabled(@Nullable Boolean enabled) {
            this.enabled = enabled;
        }

        /** @return the port, 0 for a free one */
        public int getPort() {
            return port;
        }

        /** @param port the port, 0 for a free one */
        public void setPort(int port) {
            this.port = port;
        }

        /** @return the data directory, or null to keep the tables in memory */
        public @Nullable Path getDataDir() {
            return dataDir;
        }

        /** @param dataDir the data directory, or null to keep the tables in memory */
        public void setDataDir(@Nullable Path dataDir) {
            this.dataDir = dataDir;
        }

        /** @return what a damaged data directory does: refuse or truncate */
        public String getRecover() {
            return recover;
        }

        /** @param recover what a damaged data directory does: refuse or truncate */
        public void setRecover(String recover) {
            this.recover = recover;
        }

        /** @return the least time between a request and its answer */
        public Duration getLatency() {
            return latency;
        }

        /** @param latency the least time between a request and its answer, zero to answer at once */
        public void setLatency(Duration latency) {
            this.latency = latency;
        }
    }

    /** Spring Data repositories. */
    public static class Repositories {

        /** Whether to auto-configure the toolkit's Spring Data repositories. */
        private boolean enabled = true;

        /** @return whether repositories are auto-configured */
        public boolean isEnabled() {
            return enabled;
        }

        /** @param enabled whether repositories are auto-configured */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Spring transactions: repository and template writes collected into one TransactWriteItems. */
    public static class Transactions {

        /**
         * Whether to auto-configure the DynamoDB transaction manager (bean 'dynamoDbTransactionManager') when the
         * application has no transaction manager.
         */
        private boolean enabled = true;

        /** @return whether the transaction manager is auto-configured */
        public boolean isEnabled() {
            return enabled;
        }

        /** @param enabled whether the transaction manager is auto-configured */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Micrometer metrics of the adapters' DynamoDB calls. */
    public static class Metrics {

        /** Whether to record metrics and observations of the adapters' DynamoDB calls. */
        private boolean enabled = true;

        /**
         * Whether to ask DynamoDB for the capacity each call to an adapter's table consumes (ReturnConsumedCapacity
         * TOTAL, when the call does not ask already), so the metrics show it.
         */
        private boolean consumedCapacity = true;

        /** @return whether metrics are recorded */
        public boolean isEnabled() {
            return enabled;
        }

        /** @param enabled whether metrics are recorded */
        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        /** @return whether consumed capacity is asked for */
        public boolean isConsumedCapacity() {
            return consumedCapacity;
        }

        /** @param consumedCapacity whether consumed capacity is asked for */
        public void setConsumedCapacity(boolean consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
        }
    }
}
