package io.dynamodbtoolkit.batch;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;

/**
 * How the toolkit retries the work the SDK client's own retry strategy cannot see: unprocessed items and keys of
 * batch calls (and a batch call that fails as a whole), and transactions cancelled by conflicts with other
 * transactions. Single-item calls, Queries and Scans are retried by the SDK alone, so retries never multiply.
 * Exponential backoff with full jitter (the delay before retry {@code n} is uniform in {@code [0, min(maxDelay,
 * baseDelay * 2^(n-1))]}), up to {@code maxAttempts} calls in all.
 *
 * @param maxAttempts the most calls made for one piece of work, the first included (at least 1)
 * @param baseDelay   the cap of the first retry's delay
 * @param maxDelay    the cap of any retry's delay
 * @param sleeper     how to wait; replaceable in tests
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Sleeper sleeper) {

    private static final Set<String> THROTTLING_CODES = Set.of("ThrottlingException", "Throttling",
            "ProvisionedThroughputExceededException", "RequestLimitExceeded", "TransactionInProgressException");

    /** The default: 8 attempts, 50 ms to 20 s. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(8, Duration.ofMillis(50), Duration.ofSeconds(20),
            Sleeper.THREAD_SLEEP);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1 but was " + maxAttempts);
        }
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(sleeper, "sleeper");
        if (baseDelay.isNegative() || maxDelay.compareTo(baseDelay) < 0) {
            throw new IllegalArgumentException("Delays must satisfy 0 <= baseDelay <= maxDelay but were "
                    + baseDelay + " and " + maxDelay);
        }
    }

    /** @return a copy with another attempt limit */
    public RetryPolicy withMaxAttempts(int attempts) {
        return new RetryPolicy(attempts, baseDelay, maxDelay, sleeper);
    }

    /** @return a copy with other delays */
    public RetryPolicy withDelays(Duration base, Duration max) {
        return new RetryPolicy(maxAttempts, base, max, sleeper);
    }

    /** @return a copy that waits with another sleeper */
    public RetryPolicy withSleeper(Sleeper other) {
        return new RetryPolicy(maxAttempts, baseDelay, maxDelay, other);
    }

    /**
     * The delay before a retry, with full jitter.
     *
     * @param retry 1 for the first retry (the second attempt), 2 for the next, ...
     */
    public Duration delayBeforeRetry(int retry) {
        long ceiling = (long) Math.min(maxDelay.toMillis(), baseDelay.toMillis() * Math.pow(2, retry - 1));
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling + 1));
    }

    /** Waits before a retry, with full jitter. */
    public void pauseBeforeRetry(int retry) {
        try {
            sleeper.sleep(delayBeforeRetry(retry));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RetryInterruptedException(e);
        }
    }

    /** @return whether a failure is throttling or a transient server error, worth retrying after a pause */
    public static boolean isRetryable(@Nullable Throwable failure) {
        if (failure instanceof ProvisionedThroughputExceededException
                || failure instanceof RequestLimitExceededException) {
            return true;
        }
        if (failure instanceof DynamoDbException e) {
            if (e.statusCode() >= 500) {
                return true;
            }
            return e.awsErrorDetails() != null && THROTTLING_CODES.contains(e.awsErrorDetails().errorCode());
        }
        return false;
    }

    /** Waits for a duration; {@link Thread#sleep} unless replaced. */
    @FunctionalInterface
    public interface Sleeper {
        /** Sleeps with {@link Thread#sleep}. */
        Sleeper THREAD_SLEEP = duration -> Thread.sleep(duration.toMillis());

        /** Waits for {@code duration}. */
        void sleep(Duration duration) throws InterruptedException;
    }

    /** The thread was interrupted while waiting to retry; the interrupt flag is restored. */
    public static final class RetryInterruptedException extends RuntimeException {
        RetryInterruptedException(InterruptedException cause) {
            super("Interrupted while waiting to retry", cause);
        }
    }
}
