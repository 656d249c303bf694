package io.dynamodbtoolkit.sample.web;

import java.net.URI;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.mass.UnscopedMassDeleteException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Errors as RFC 9457 problem details: 4xx for what the client got wrong (a malformed or foreign cursor, a key that
 * cannot be written, an unknown key, an unscoped mass delete, a conflicting write), 503 when DynamoDB cannot be
 * reached or keeps throttling. Spring MVC's own errors (a missing parameter, a value of the wrong type, a body that
 * fails validation) are problem details too, through the base class.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final String TYPES = "urn:dynamodb-toolkit-sample:problem:";
    private static final Logger LOG = LoggerFactory.getLogger(ApiExceptionHandler.class);

    /** A key no item has. */
    @ExceptionHandler({NoSuchItemException.class, EmptyResultDataAccessException.class})
    ProblemDetail notFound(RuntimeException e) {
        return problem(HttpStatus.NOT_FOUND, "no-such-item", "No such item", e.getMessage());
    }

    /**
     * A cursor that was altered, or made by another query or mass operation, or not made by this application at all:
     * the problem names the {@code cursor} parameter.
     */
    @ExceptionHandler(InvalidCursorException.class)
    ProblemDetail invalidCursor(InvalidCursorException e) {
        ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "invalid-cursor", "Invalid cursor", e.getMessage());
        problem.setProperty("parameter", "cursor");
        return problem;
    }

    /** Key values the key design cannot hold, e.g. a value containing the separator. */
    @ExceptionHandler(InvalidKeyException.class)
    ProblemDetail invalidKey(InvalidKeyException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-key", "Invalid key", e.getMessage());
    }

    /** A mass delete of a whole table, which the toolkit refuses unless explicitly confirmed. */
    @ExceptionHandler(UnscopedMassDeleteException.class)
    ProblemDetail unscopedDelete(UnscopedMassDeleteException e) {
        return problem(HttpStatus.BAD_REQUEST, "unscoped-delete", "Unscoped delete refused", e.getMessage()
                + ". Name the subtree to delete, e.g. DELETE /api/rentals/states/TX/facilities/Austin");
    }

    /** The repositories' translation of a bad call: a bad cursor, a bad key, a value that cannot be bound. */
    @ExceptionHandler(InvalidDataAccessApiUsageException.class)
    ProblemDetail invalidUsage(InvalidDataAccessApiUsageException e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        if (cause instanceof InvalidCursorException cursor) {
            return invalidCursor(cursor);
        }
        if (cause instanceof InvalidKeyException key) {
            return invalidKey(key);
        }
        if (cause instanceof UnscopedMassDeleteException unscoped) {
            return unscopedDelete(unscoped);
        }
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", cause.getMessage());
    }

    /** An insert of a key that is taken. */
    @ExceptionHandler(DuplicateKeyException.class)
    ProblemDetail duplicate(DuplicateKeyException e) {
        return problem(HttpStatus.CONFLICT, "duplicate-key", "Item already exists", e.getMessage());
    }

    /** A write based on a version that someone else has changed since, or a conflicting transaction. */
    @ExceptionHandler(ConcurrencyFailureException.class)
    ProblemDetail conflict(ConcurrencyFailureException e) {
        return problem(HttpStatus.CONFLICT, "version-conflict", "Changed by someone else", e.getMessage());
    }

    /**
     * A write whose condition failed, or an item the validator refused; an insert under a parent row that does not
     * exist (or is being deleted) is a 404 naming the parent.
     */
    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e) {
        if (e.getCause() instanceof ParentNotFoundException orphan) {
            return problem(HttpStatus.NOT_FOUND, "no-such-parent", "No such parent", "The parent row "
                    + Keys.show(orphan.parentKey()) + " does not exist, or it is being deleted");
        }
        return problem(HttpStatus.CONFLICT, "condition-failed", "Write refused", e.getMessage());
    }

    /** A call outside the caller's scope. */
    @ExceptionHandler(PermissionDeniedDataAccessException.class)
    ProblemDetail forbidden(PermissionDeniedDataAccessException e) {
        return problem(HttpStatus.FORBIDDEN, "out-of-scope", "Outside your scope", e.getMessage());
    }

    /** DynamoDB unreachable, failing or throttling beyond the retries: logged, and said in general terms. */
    @ExceptionHandler({DataAccessResourceFailureException.class, TransientDataAccessException.class,
            QueryTimeoutException.class})
    ProblemDetail unavailable(RuntimeException e) {
        LOG.warn("DynamoDB is unavailable: {}", e.toString(), e);
        return problem(HttpStatus.SERVICE_UNAVAILABLE, "unavailable", "DynamoDB is unavailable",
                "DynamoDB cannot take the request now; try again shortly");
    }

    /** A parameter out of its bounds, e.g. {@code limit=0}: the detail names each parameter and its constraint. */
    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String detail = e.getParameterValidationResults().stream()
                .flatMap(result -> result.getResolvableErrors().stream()
                        .map(error -> result.getMethodParameter().getParameterName() + " "
                                + error.getDefaultMessage()))
                .collect(Collectors.joining("; "));
        return handleExceptionInternal(e, problem(HttpStatus.BAD_REQUEST, "invalid-parameter", "Invalid parameter",
                detail), headers, HttpStatus.BAD_REQUEST, request);
    }

    /** A request body that fails validation: the detail names each field and its constraint. */
    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String detail = e.getBindingResult().getFieldErrors().stream()
                .map(error -> error.getField() + " " + error.getDefaultMessage())
                .collect(Collectors.joining("; "));
        return handleExceptionInternal(e, problem(HttpStatus.BAD_REQUEST, "invalid-body", "Invalid request body",
                detail), headers, HttpStatus.BAD_REQUEST, request);
    }

    /** @return problem details whose detail carries no AWS request ID or service name (the log keeps them) */
    private static ProblemDetail problem(HttpStatus status, String type, String title, String detail) {
        String safe = ClientMessages.safe(detail);
        if (!safe.equals(detail)) {
            LOG.info("{} ({}): {}", title, status.value(), detail);
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, safe);
        problem.setType(URI.create(TYPES + type));
        problem.setTitle(title);
        return problem;
    }
}
