package io.dynamodbtoolkit.boot.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;

import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.cursor.CursorCodec;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;

/**
 * Builds the adapters' run-time options from {@code dynamodb.toolkit.cursor.*}, {@code dynamodb.toolkit.retry.*} and
 * {@code dynamodb.toolkit.batch-concurrency}.
 */
final class AdapterOptionsFactory {

    static final String SIGNING_KEY_PROPERTY = DynamoDbToolkitProperties.PREFIX + ".cursor.signing-key";
    private static final Log LOGGER = LogFactory.getLog(AdapterOptionsFactory.class);

    private AdapterOptionsFactory() {
    }

    /**
     * @throws InvalidConfigurationPropertyValueException naming the property when a value cannot work (the signing
     *                                                    key's value is never shown)
     */
    static AdapterOptions create(DynamoDbToolkitProperties properties, Clock clock) {
        if (properties.getBatchConcurrency() < 1) {
            throw new InvalidConfigurationPropertyValueException(DynamoDbToolkitProperties.PREFIX
                    + ".batch-concurrency", properties.getBatchConcurrency(),
                    "At least 1 call must be in flight; 1 sends the batch calls one after the other.");
        }
        return AdapterOptions.defaults()
                .withBatchConcurrency(properties.getBatchConcurrency())
                .withRetryPolicy(retryPolicy(properties.getRetry()))
                .withCursors(cursors(properties.getCursor()))
                .withClock(clock);
    }

    private static RetryPolicy retryPolicy(DynamoDbToolkitProperties.Retry retry) {
        String prefix = DynamoDbToolkitProperties.PREFIX + ".retry.";
        if (retry.getMaxAttempts() < 1) {
            throw new InvalidConfigurationPropertyValueException(prefix + "max-attempts", retry.getMaxAttempts(),
                    "At least 1 attempt (the first call) is needed.");
        }
        if (retry.getBaseDelay() == null || retry.getBaseDelay().isNegative()) {
            throw new InvalidConfigurationPropertyValueException(prefix + "base-delay", retry.getBaseDelay(),
                    "The delay must be zero or positive.");
        }
        if (retry.getMaxDelay() == null || retry.getMaxDelay().compareTo(retry.getBaseDelay()) < 0) {
            throw new InvalidConfigurationPropertyValueException(prefix + "max-delay", retry.getMaxDelay(),
                    "The maximum delay must be at least the base delay (" + retry.getBaseDelay() + ").");
        }
        return RetryPolicy.DEFAULT.withMaxAttempts(retry.getMaxAttempts())
                .withDelays(retry.getBaseDelay(), retry.getMaxDelay());
    }

    private static CursorCodec cursors(DynamoDbToolkitProperties.Cursor cursor) {
        String signingKey = cursor.getSigningKey();
        byte[] secret;
        if (signingKey == null || signingKey.isEmpty()) {
            LOGGER.warn("No " + SIGNING_KEY_PROPERTY + " is set: list cursors are made with a random key, so they "
                    + "are valid in this process only (not after a restart, nor on another instance). Set a secret of "
                    + "at least 16 bytes, the same on every instance, for production.");
            secret = new byte[32];
            new SecureRandom().nextBytes(secret);
        } else {
            secret = signingKey.getBytes(StandardCharsets.UTF_8);
        }
        if (secret.length < 16) {
            throw new InvalidConfigurationPropertyValueException(SIGNING_KEY_PROPERTY, "<" + secret.length
                    + " bytes, hidden>", "The cursor signing key must have at least 16 bytes; use e.g. the output of "
                    + "'openssl rand -base64 32'.");
        }
        return cursor.isEncrypted() ? new CursorCodec(secret) : CursorCodec.signed(secret);
    }
}
