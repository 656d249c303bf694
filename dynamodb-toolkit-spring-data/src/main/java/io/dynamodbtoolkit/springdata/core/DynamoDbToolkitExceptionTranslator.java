package io.dynamodbtoolkit.springdata.core;

import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.DynamoDbToolkitException;
import io.dynamodbtoolkit.adapter.ConditionalWriteException;
import io.dynamodbtoolkit.adapter.ItemAlreadyExistsException;
import io.dynamodbtoolkit.adapter.ItemNotFoundException;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.UniqueValueTakenException;
import io.dynamodbtoolkit.adapter.VersionConflictException;
import io.dynamodbtoolkit.batch.BatchRetriesExhaustedException;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.transaction.TransactionTooLargeException;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.filter.InvalidFilterException;
import io.dynamodbtoolkit.expression.InvalidKeyConditionException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * Translates the toolkit's and the AWS SDK's exceptions into Spring's {@link DataAccessException} hierarchy, keeping
 * the original as the cause:
 *
 * <table>
 *   <caption>Translations</caption>
 *   <tr><th>Original</th><th>Translated</th></tr>
 *   <tr><td>ItemAlreadyExistsException, UniqueValueTakenException (a value of a unique field another row
 *       holds)</td><td>DuplicateKeyException</td></tr>
 *   <tr><td>VersionConflictException</td><td>OptimisticLockingFailureException</td></tr>
 *   <tr><td>ItemNotFoundException (update of an absent item)</td><td>EmptyResultDataAccessException</td></tr>
 *   <tr><td>ConditionFailedException, ConditionalCheckFailedException, ItemValidationException,
 *       ParentNotFoundException (an insert under a parent row that is missing or being deleted),
 *       NodeHasChildrenException (a single delete or move of a row with rows under it, under the parent guard: call
 *       deleteAllUnder / moveAllUnder), item collection too large, a transaction cancelled by a
 *       condition</td><td>DataIntegrityViolationException</td></tr>
 *   <tr><td>InvalidKeyException, InvalidCursorException, InvalidFilterException, InvalidKeyConditionException,
 *       TransactionTooLargeException, DeclarationException, UnscopedMassDeleteException, any other
 *       IllegalArgumentException or IllegalStateException (as Spring's JPA translation does), a service
 *       ValidationException</td><td>InvalidDataAccessApiUsageException</td></tr>
 *   <tr><td>throttling after the SDK's retries, BatchRetriesExhaustedException (unprocessed batch items after the
 *       toolkit's retries)</td><td>TransientDataAccessResourceException</td></tr>
 *   <tr><td>call timeouts</td><td>QueryTimeoutException</td></tr>
 *   <tr><td>transaction conflicts</td><td>ConcurrencyFailureException</td></tr>
 *   <tr><td>ResourceNotFoundException (no such table or
 *   index)</td><td>InvalidDataAccessResourceUsageException</td></tr>
 *   <tr><td>access denied, unrecognized client</td><td>PermissionDeniedDataAccessException</td></tr>
 *   <tr><td>service errors (5xx)</td><td>TransientDataAccessResourceException</td></tr>
 *   <tr><td>client failures (no connection, ...)</td><td>DataAccessResourceFailureException</td></tr>
 *   <tr><td>any other toolkit or service failure</td><td>{@link UncategorizedDynamoDbException}</td></tr>
 * </table>
 *
 * Anything else is not translated ({@code null}).
 */
public class DynamoDbToolkitExceptionTranslator implements PersistenceExceptionTranslator {

    private static final List<String> THROTTLING_CODES = List.of("ThrottlingError", "ThrottlingException",
            "ProvisionedThroughputExceeded", "RequestLimitExceeded");

    @Override
    public @Nullable DataAccessException translateExceptionIfPossible(RuntimeException ex) {
        if (ex instanceof DataAccessException) {
            return null;
        }
        DataAccessException toolkit = translateToolkit(ex);
        if (toolkit != null) {
            return toolkit;
        }
        if (ex instanceof AwsServiceException service) {
            return translateService(service);
        }
        if (ex instanceof ApiCallTimeoutException || ex instanceof ApiCallAttemptTimeoutException) {
            return new QueryTimeoutException(ex.getMessage(), ex);
        }
        if (ex instanceof SdkClientException) {
            return new DataAccessResourceFailureException(ex.getMessage(), ex);
        }
        return null;
    }

    // Spring declares the message of TransientDataAccessResourceException and PermissionDeniedDataAccessException
    // non-null, but an exception takes none: the toolkit's and the SDK's messages are passed on as they are.
    @SuppressWarnings("NullAway")
    private static @Nullable DataAccessException translateToolkit(RuntimeException ex) {
        String message = ex.getMessage();
        if (ex instanceof ItemAlreadyExistsException || ex instanceof UniqueValueTakenException) {
            return new DuplicateKeyException(message, ex);
        }
        if (ex instanceof VersionConflictException) {
            return new OptimisticLockingFailureException(message, ex);
        }
        if (ex instanceof ItemNotFoundException) {
            return new EmptyResultDataAccessException(message, 1, ex);
        }
        if (ex instanceof ConditionalWriteException || ex instanceof ItemValidationException) {
            return new DataIntegrityViolationException(message, ex);
        }
        if (ex instanceof InvalidKeyException || ex instanceof InvalidCursorException
                || ex instanceof InvalidFilterException || ex instanceof InvalidKeyConditionException
                || ex instanceof TransactionTooLargeException || ex instanceof DeclarationException) {
            return new InvalidDataAccessApiUsageException(message, ex);
        }
        if (ex instanceof BatchRetriesExhaustedException) {
            return new TransientDataAccessResourceException(message, ex);
        }
        if (ex instanceof TransactionCancelledException cancelled) {
            return translateCancellation(message, cancelled.failures().stream()
                    .map(TransactionCancelledException.ActionFailure::code).toList(), ex);
        }
        if (ex instanceof DynamoDbToolkitException) {
            return new UncategorizedDynamoDbException(message, ex);
        }
        if (ex instanceof IllegalArgumentException || ex instanceof IllegalStateException) {
            return new InvalidDataAccessApiUsageException(message, ex);
        }
        return null;
    }

    @SuppressWarnings("NullAway") // the message passed on as it is, as in translateToolkit
    private static DataAccessException translateService(AwsServiceException ex) {
        String message = ex.getMessage();
        if (ex instanceof ConditionalCheckFailedException || ex instanceof ItemCollectionSizeLimitExceededException) {
            return new DataIntegrityViolationException(message, ex);
        }
        if (ex.isThrottlingException() || ex instanceof ProvisionedThroughputExceededException
                || ex instanceof RequestLimitExceededException) {
            return new TransientDataAccessResourceException(message, ex);
        }
        if (ex instanceof TransactionConflictException || ex instanceof TransactionInProgressException) {
            return new ConcurrencyFailureException(message, ex);
        }
        if (ex instanceof TransactionCanceledException cancelled) {
            return translateCancellation(message, cancelled.cancellationReasons().stream()
                    .map(CancellationReason::code).toList(), ex);
        }
        if (ex instanceof ResourceNotFoundException) {
            return new InvalidDataAccessResourceUsageException(message, ex);
        }
        if (ex instanceof InternalServerErrorException || ex.statusCode() >= 500) {
            return new TransientDataAccessResourceException(message, ex);
        }
        String code = ex.awsErrorDetails() == null ? null : ex.awsErrorDetails().errorCode();
        if ("ValidationException".equals(code)) {
            return new InvalidDataAccessApiUsageException(message, ex);
        }
        if ("AccessDeniedException".equals(code) || "UnrecognizedClientException".equals(code)
                || ex.statusCode() == 403) {
            return new PermissionDeniedDataAccessException(message, ex);
        }
        return new UncategorizedDynamoDbException(message, ex);
    }

    @SuppressWarnings("NullAway") // the message passed on as it is, as in translateToolkit
    private static DataAccessException translateCancellation(@Nullable String message, List<String> codes,
            RuntimeException ex) {
        if (codes.contains("TransactionConflict")) {
            return new ConcurrencyFailureException(message, ex);
        }
        if (codes.stream().anyMatch(THROTTLING_CODES::contains)) {
            return new TransientDataAccessResourceException(message, ex);
        }
        if (codes.contains("ConditionalCheckFailed") || codes.contains("ItemCollectionSizeLimitExceeded")) {
            return new DataIntegrityViolationException(message, ex);
        }
        if (codes.contains("ValidationError")) {
            return new InvalidDataAccessApiUsageException(message, ex);
        }
        return new UncategorizedDynamoDbException(message, ex);
    }
}
