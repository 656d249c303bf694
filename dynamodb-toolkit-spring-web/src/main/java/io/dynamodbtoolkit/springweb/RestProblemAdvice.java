package io.dynamodbtoolkit.springweb;

import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.NodeHasChildrenException;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.adapter.UniqueValueTakenException;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.InvalidFilterException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.mass.UnscopedMassDeleteException;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The REST surface's errors as RFC 9457 problem details, with the statuses of the {@link RestPolicy}: a miss, a
 * validation failure, a consistency failure (409, or 412 when the request's {@code If-Match} did not hold; 409 too for
 * a delete or move of an item with rows under it, which the parent guard refuses), a throttle
 * and a transient failure; 400 for what the client sent malformed (parameters, cursors, keys, filters), 403 for a key
 * outside the caller's scope. Spring MVC's own errors (405, 406, 415, an unreadable body) are problem details through
 * the base class. Messages sent carry no AWS request ID or service name (the log has them). Applies to the exported
 * resources' controller only, ahead of the application's own advice, which stays in charge of its controllers.
 */
@RestControllerAdvice(assignableTypes = ExportedResourceController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
public class RestProblemAdvice extends ResponseEntityExceptionHandler {

    /** The prefix of every problem type of the REST surface. */
    public static final String TYPE_PREFIX = "urn:dynamodb-toolkit:problem:";

    private static final Log LOGGER = LogFactory.getLog(RestProblemAdvice.class);
    private static final Pattern SDK_DETAILS = Pattern.compile("\\s*\\(Service: [^)]*\\)");

    private final RestPolicy policy;

    /** @param policy the statuses to answer with */
    public RestProblemAdvice(RestPolicy policy) {
        this.policy = policy;
    }

    @ExceptionHandler(RestRequestException.class)
    ProblemDetail refused(RestRequestException e) {
        return problem(e.getStatus(), e.getType(), e.getTitle(), e.getMessage());
    }

    @ExceptionHandler(EmptyResultDataAccessException.class)
    ProblemDetail miss(EmptyResultDataAccessException e) {
        return problem(policy.miss(), "no-such-item", "No such item", e.getMessage());
    }

    @ExceptionHandler(DuplicateKeyException.class)
    ProblemDetail duplicate(DuplicateKeyException e) {
        if (e.getCause() instanceof UniqueValueTakenException) {
            return problem(policy.consistency(), "unique-value-taken", "Value already taken", e.getMessage());
        }
        return problem(policy.consistency(), "duplicate-key", "Item already exists", e.getMessage());
    }

    @ExceptionHandler(ConcurrencyFailureException.class)
    ProblemDetail conflict(ConcurrencyFailureException e, HttpServletRequest request) {
        if (e instanceof OptimisticLockingFailureException && request.getHeader(HttpHeaders.IF_MATCH) != null) {
            return problem(HttpStatus.PRECONDITION_FAILED, "precondition-failed", "Precondition failed",
                    "The item's version is not the one If-Match names: read it again");
        }
        return problem(policy.consistency(), "version-conflict", "Changed by someone else", e.getMessage());
    }

    @ExceptionHandler(DataIntegrityViolationException.class)
    ProblemDetail integrity(DataIntegrityViolationException e) {
        // the toolkit's exception the translator wrapped, not the service's exception under it (a guarded insert's
        // ParentNotFoundException carries the cancelled transaction as its cause)
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        if (cause instanceof ParentNotFoundException) {
            return problem(policy.miss(), "no-such-parent", "No such parent", "The parent row does not exist, or it "
                    + "is being deleted");
        }
        if (cause instanceof NodeHasChildrenException refused) {
            return problem(policy.consistency(), "has-children", "Rows are under it", hasChildren(refused));
        }
        if (cause instanceof ItemValidationException) {
            return problem(policy.validation(), "invalid-item", "Invalid item", cause.getMessage());
        }
        return problem(policy.consistency(), "condition-failed", "Write refused", e.getMessage());
    }

    /** @return what a refused delete or move of an item with rows under it tells the client to do instead */
    private static String hasChildren(NodeHasChildrenException refused) {
        String setting = "dynamodb.toolkit.adapters." + refused.adapter() + ".";
        boolean delete = "deleteAllUnder".equals(refused.cascade());
        return "The item has rows under it (" + AttributeValues.showKey(refused.childKey()) + " is one), which "
                + (delete ? "deleting" : "moving") + " it alone would leave without their parent: nothing was written. "
                + (delete ? "DELETE the item's path followed by /-self-and-under to delete it with everything under "
                        + "it" : "declare cascades (" + setting + "cascades) so that PUT .../-move takes them along")
                + ", or " + (delete ? "delete" : "move") + " the rows under it first (the parent guard's check, "
                + setting + "parent-guard)";
    }

    @ExceptionHandler(PermissionDeniedDataAccessException.class)
    ProblemDetail outOfScope(PermissionDeniedDataAccessException e) {
        return problem(HttpStatus.FORBIDDEN, "out-of-scope", "Outside your scope", e.getMessage());
    }

    @ExceptionHandler({InvalidDataAccessApiUsageException.class, InvalidCursorException.class,
            InvalidKeyException.class, InvalidFilterException.class, UnscopedMassDeleteException.class})
    ProblemDetail invalidUsage(RuntimeException e) {
        Throwable cause = NestedExceptionUtils.getMostSpecificCause(e);
        if (cause instanceof InvalidCursorException) {
            ProblemDetail problem = problem(HttpStatus.BAD_REQUEST, "invalid-cursor", "Invalid cursor",
                    cause.getMessage());
            problem.setProperty("parameter", "cursor");
            return problem;
        }
        if (cause instanceof InvalidKeyException) {
            return problem(HttpStatus.BAD_REQUEST, "invalid-key", "Invalid key", cause.getMessage());
        }
        if (cause instanceof InvalidFilterException) {
            return problem(HttpStatus.BAD_REQUEST, "invalid-filter", "Invalid filter", cause.getMessage());
        }
        if (cause instanceof UnscopedMassDeleteException) {
            return problem(HttpStatus.BAD_REQUEST, "unscoped-delete", "Unscoped delete refused", cause.getMessage());
        }
        return problem(policy.validation(), "invalid-request", "Invalid request", cause.getMessage());
    }

    @ExceptionHandler({TransientDataAccessException.class, DataAccessResourceFailureException.class,
            QueryTimeoutException.class})
    ProblemDetail unavailable(DataAccessException e) {
        LOGGER.warn("DynamoDB is unavailable: " + e, e);
        boolean throttled = NestedExceptionUtils.getMostSpecificCause(e) instanceof BatchRetriesExhaustedException
                || String.valueOf(NestedExceptionUtils.getMostSpecificCause(e).getClass().getSimpleName())
                        .matches(".*(Throughput|Throttl|LimitExceeded).*");
        return problem(throttled ? policy.throttle() : policy.transientFailure(), "unavailable",
                "DynamoDB is unavailable", "DynamoDB cannot take the request now; try again shortly");
    }

    /** A value no check upstream caught (an option out of range, say): the client's, since nothing was written. */
    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail illegalArgument(IllegalArgumentException e) {
        return problem(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", e.getMessage());
    }

    /**
     * @return the problem one item of a request over several names met, as this advice would answer it alone; empty
     *         for a failure that ends the whole request (DynamoDB unavailable, an unexpected error)
     */
    Optional<ProblemDetail> itemProblem(RuntimeException e) {
        if (e instanceof RestRequestException refused) {
            return Optional.of(refused(refused));
        }
        if (e instanceof EmptyResultDataAccessException missing) {
            return Optional.of(miss(missing));
        }
        if (e instanceof DuplicateKeyException taken) {
            return Optional.of(duplicate(taken));
        }
        if (e instanceof DataIntegrityViolationException refused) {
            return Optional.of(integrity(refused));
        }
        if (e instanceof InvalidDataAccessApiUsageException invalid) {
            return Optional.of(invalidUsage(invalid));
        }
        return Optional.empty();
    }

    /** A body read past the {@link RequestBodyLimit} answers 413; any other unreadable body 400, as Spring's. */
    @Override
    protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof RequestBodyLimit.BodyTooLargeException) {
                RestRequestException refused = RequestBodyLimit.tooLarge(policy.maxBodyBytes());
                return handleExceptionInternal(e, problem(refused.getStatus(), refused.getType(), refused.getTitle(),
                        refused.getMessage()), headers, refused.getStatus(), request);
            }
        }
        return super.handleHttpMessageNotReadable(e, headers, status, request);
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleExceptionInternal(Exception e, @Nullable Object body,
            HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        if (body instanceof ProblemDetail detail && (detail.getType() == null
                || detail.getType().toString().equals("about:blank"))) {
            detail.setType(URI.create(TYPE_PREFIX + "http-" + status.value()));
        }
        return super.handleExceptionInternal(e, body, headers, status, request);
    }

    private static ProblemDetail problem(HttpStatusCode status, String type, String title, @Nullable String detail) {
        String safe = detail == null ? null : SDK_DETAILS.matcher(detail).replaceAll("");
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, safe);
        problem.setType(URI.create(TYPE_PREFIX + type));
        problem.setTitle(title);
        return problem;
    }
}
