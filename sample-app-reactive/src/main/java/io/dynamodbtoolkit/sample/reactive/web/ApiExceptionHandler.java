package io.dynamodbtoolkit.sample.reactive.web;

import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.InvalidFilterException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.mass.UnscopedMassDeleteException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;

/**
 * The API's errors as RFC 9457 problem details, as the MVC sample answers them: 400 for what the client sent that no
 * key or cursor can be (a key value holding the separator, a forged cursor, a bad filter, an unscoped mass delete),
 * whether the toolkit's exception comes bare or translated into Spring's {@code InvalidDataAccessApiUsageException};
 * 404 for a missing row or parent, 409 for a taken key or a changed version, 403 outside the caller's scope, 503 when
 * DynamoDB cannot take the request. WebFlux's own errors (an unreadable body, 404, 405, 406, 415) are problem details
 * through the base class.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Log LOG = LogFactory.getLog(ApiExceptionHandler.class);

    /** A key, cursor or filter the toolkit refused before sending anything, bare or translated. */
    @ExceptionHandler({InvalidDataAccessApiUsageException.class, InvalidKeyException.class,
            InvalidCursorException.class, InvalidFilterException.class, UnscopedMassDeleteException.class})
    ProblemDetail invalidUsage(RuntimeException e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        if (cause instanceof InvalidKeyException) {
            return Problems.of(HttpStatus.BAD_REQUEST, "invalid-key", "Invalid key", cause.getMessage());
        }
        if (cause instanceof InvalidCursorException) {
            return Problems.of(HttpStatus.BAD_REQUEST, "invalid-cursor", "Invalid cursor", cause.getMessage());
        }
        if (cause instanceof InvalidFilterException) {
            return Problems.of(HttpStatus.BAD_REQUEST, "invalid-filter", "Invalid filter", cause.getMessage());
        }
        if (cause instanceof UnscopedMassDeleteException) {
            return Problems.of(HttpStatus.BAD_REQUEST, "unscoped-delete", "Unscoped delete refused",
                    cause.getMessage());
        }
        return Problems.of(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", cause.getMessage());
    }

    /** A row that does not exist. */
    @ExceptionHandler(EmptyResultDataAccessException.class)
    ProblemDetail notFound(EmptyResultDataAccessException e) {
        return Problems.of(HttpStatus.NOT_FOUND, "no-such-item", "No such item", e.getMessage());
    }

    /** An insert of a key that is taken. */
    @ExceptionHandler(DuplicateKeyException.class)
    ProblemDetail duplicate(DuplicateKeyException e) {
        return Problems.of(HttpStatus.CONFLICT, "duplicate-key", "Item already exists", e.getMessage());
    }

    /** A write based on a version someone else has changed since. */
    @ExceptionHandler(ConcurrencyFailureException.class)
    ProblemDetail conflict(ConcurrencyFailureException e) {
        return Problems.of(HttpStatus.CONFLICT, "version-conflict", "Changed by someone else", e.getMessage());
    }

    /** An insert under a parent row that does not exist (or is being deleted) is a 404; any other refused write 409. */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e) {
        if (e.contains(ParentNotFoundException.class)) {
            return Problems.of(HttpStatus.NOT_FOUND, "no-such-parent", "No such parent", e.getMessage());
        }
        return Problems.of(HttpStatus.CONFLICT, "condition-failed", "Write refused", e.getMessage());
    }

    /** A key outside the caller's scope. */
    @ExceptionHandler(PermissionDeniedDataAccessException.class)
    ProblemDetail forbidden(PermissionDeniedDataAccessException e) {
        return Problems.of(HttpStatus.FORBIDDEN, "out-of-scope", "Outside your scope", e.getMessage());
    }

    /** DynamoDB unreachable, failing or throttling beyond the retries: logged, and said in general terms. */
    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class,
            QueryTimeoutException.class})
    ProblemDetail unavailable(DataAccessException e) {
        LOG.warn("DynamoDB is unavailable: " + e, e);
        return Problems.of(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", "DynamoDB is unavailable",
                "DynamoDB cannot take the request now; try again shortly");
    }
}
