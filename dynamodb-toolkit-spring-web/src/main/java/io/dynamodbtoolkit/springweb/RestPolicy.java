package io.dynamodbtoolkit.springweb;

import java.time.Duration;

import org.springframework.http.HttpStatus;

/**
 * The policy of the REST surface, as the original toolkit's REST core has one: paging limits, the prefixes of method
 * segments and of patch directives, the status of each kind of failure, and what a client may ask for. Immutable; start
 * from {@link #defaults()} and define a bean of this type to override it (the auto-configuration backs off).
 *
 * @param defaultLimit        items per page when the request gives no {@code limit}
 * @param maxLimit            the largest {@code limit} a request may give (a larger one is refused, 400)
 * @param offsetAllowed       whether {@code offset} paging is accepted (it reads and discards the skipped items)
 * @param maxOffset           the largest {@code offset} accepted
 * @param maxNames            the most keys one {@code -by-names} or {@code -load} request may name
 * @param maxMassItems        the most items one mass request ({@code -clone}, {@code -move}, a subtree delete) may
 *                            process before it returns with a cursor; a request's {@code maxItems} may lower it
 * @param unscopedDeleteAllowed whether {@code DELETE /} and {@code PUT /-move} (which deletes what it moves) may run
 *                            outside any scope (the original's unscoped-delete
 *                            guard: refused by default)
 * @param methodPrefix        what starts a method segment ({@code -by-names}, {@code -under}): key values cannot start
 *                            with it
 * @param metaPrefix          what starts a patch directive ({@code _delete})
 * @param readCacheMaxAge     the {@code Cache-Control: max-age} of item reads (zero: {@code no-cache}, clients
 *                            revalidate with the ETag)
 * @param miss                status of an unknown key
 * @param validation          status of a body or key the key design or validator refuses
 * @param consistency         status of a taken key, a failed condition or a version conflict without If-Match
 * @param throttle            status when DynamoDB keeps throttling
 * @param transientFailure    status when DynamoDB cannot be reached or fails
 * @param maxBodyBytes        the largest request body read (larger ones: 413), 1 MB by default as in the original
 * @param unknownFieldsIgnored whether a body's fields that its tier's class does not have are dropped rather than
 *                            refused (the validation status, naming the field); refused by default
 */
public record RestPolicy(int defaultLimit, int maxLimit, boolean offsetAllowed, long maxOffset, int maxNames,
        long maxMassItems, boolean unscopedDeleteAllowed, String methodPrefix, String metaPrefix,
        Duration readCacheMaxAge, HttpStatus miss, HttpStatus validation, HttpStatus consistency, HttpStatus throttle,
        HttpStatus transientFailure, long maxBodyBytes, boolean unknownFieldsIgnored) {

    /** The original's cap on request bodies: 1 MB. */
    public static final long DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

    private static final RestPolicy DEFAULTS = new RestPolicy(10, 100, false, 10_000, 100, 1_000, false, "-", "_",
            Duration.ZERO, HttpStatus.NOT_FOUND, HttpStatus.UNPROCESSABLE_CONTENT, HttpStatus.CONFLICT,
            HttpStatus.TOO_MANY_REQUESTS, HttpStatus.SERVICE_UNAVAILABLE, DEFAULT_MAX_BODY_BYTES, false);

    public RestPolicy {
        if (defaultLimit < 1 || maxLimit < defaultLimit) {
            throw new IllegalArgumentException("RestPolicy needs 1 <= defaultLimit <= maxLimit, but has defaultLimit "
                    + defaultLimit + " and maxLimit " + maxLimit);
        }
        if (maxOffset < 0 || maxNames < 1 || maxMassItems < 1) {
            throw new IllegalArgumentException("RestPolicy needs maxOffset >= 0, maxNames >= 1 and maxMassItems >= 1");
        }
        if (methodPrefix == null || methodPrefix.isEmpty() || metaPrefix == null || metaPrefix.isEmpty()) {
            throw new IllegalArgumentException("RestPolicy needs a non-empty methodPrefix and metaPrefix");
        }
        for (HttpStatus status : new HttpStatus[] {miss, validation, consistency, throttle, transientFailure}) {
            if (status == null || !(status.is4xxClientError() || status.is5xxServerError())) {
                throw new IllegalArgumentException("RestPolicy's failure statuses must be 4xx or 5xx, but one is "
                        + status);
            }
        }
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("RestPolicy's maxBodyBytes must be at least 1, not " + maxBodyBytes);
        }
        if (readCacheMaxAge == null || readCacheMaxAge.isNegative()) {
            throw new IllegalArgumentException("RestPolicy's readCacheMaxAge must be zero or positive");
        }
    }

    /**
     * @return limit 10 (at most 100), no offsets, 100 names, 1,000 mass items, unscoped deletes refused, and 404 /
     *         422 / 409 / 429 / 503, bodies of at most 1 MB, fields a body's class does not have refused
     */
    public static RestPolicy defaults() {
        return DEFAULTS;
    }

    /** @return a copy with another default and maximum page size */
    public RestPolicy withLimits(int defaultItems, int maxItems) {
        return new RestPolicy(defaultItems, maxItems, offsetAllowed, maxOffset, maxNames, maxMassItems,
                unscopedDeleteAllowed, methodPrefix, metaPrefix, readCacheMaxAge, miss, validation, consistency,
                throttle, transientFailure, maxBodyBytes, unknownFieldsIgnored);
    }

    /** @return a copy accepting {@code offset} up to {@code most} */
    public RestPolicy allowingOffsetsUpTo(long most) {
        return new RestPolicy(defaultLimit, maxLimit, true, most, maxNames, maxMassItems, unscopedDeleteAllowed,
                methodPrefix, metaPrefix, readCacheMaxAge, miss, validation, consistency, throttle, transientFailure,
                maxBodyBytes, unknownFieldsIgnored);
    }

    /** @return a copy letting {@code DELETE /} delete, and {@code PUT /-move} move, outside any scope */
    public RestPolicy allowingUnscopedDelete() {
        return new RestPolicy(defaultLimit, maxLimit, offsetAllowed, maxOffset, maxNames, maxMassItems, true,
                methodPrefix, metaPrefix, readCacheMaxAge, miss, validation, consistency, throttle, transientFailure,
                maxBodyBytes, unknownFieldsIgnored);
    }

    /** @return a copy with another validation status (400 instead of 422, say) */
    public RestPolicy withValidationStatus(HttpStatus status) {
        return new RestPolicy(defaultLimit, maxLimit, offsetAllowed, maxOffset, maxNames, maxMassItems,
                unscopedDeleteAllowed, methodPrefix, metaPrefix, readCacheMaxAge, miss, status, consistency, throttle,
                transientFailure, maxBodyBytes, unknownFieldsIgnored);
    }

    /** @return a copy letting clients cache item reads for this long */
    public RestPolicy withReadCacheMaxAge(Duration maxAge) {
        return new RestPolicy(defaultLimit, maxLimit, offsetAllowed, maxOffset, maxNames, maxMassItems,
                unscopedDeleteAllowed, methodPrefix, metaPrefix, maxAge, miss, validation, consistency, throttle,
                transientFailure, maxBodyBytes, unknownFieldsIgnored);
    }

    /** @return a copy reading request bodies of at most {@code bytes} bytes (larger ones: 413) */
    public RestPolicy withMaxBodyBytes(long bytes) {
        return new RestPolicy(defaultLimit, maxLimit, offsetAllowed, maxOffset, maxNames, maxMassItems,
                unscopedDeleteAllowed, methodPrefix, metaPrefix, readCacheMaxAge, miss, validation, consistency,
                throttle, transientFailure, bytes, unknownFieldsIgnored);
    }

    /**
     * @return a copy dropping a body's fields that its tier's class does not have, instead of refusing them (wrong
     *         types, duplicate fields and the toolkit's own fields are still refused)
     */
    public RestPolicy ignoringUnknownFields() {
        return new RestPolicy(defaultLimit, maxLimit, offsetAllowed, maxOffset, maxNames, maxMassItems,
                unscopedDeleteAllowed, methodPrefix, metaPrefix, readCacheMaxAge, miss, validation, consistency,
                throttle, transientFailure, maxBodyBytes, true);
    }
}
