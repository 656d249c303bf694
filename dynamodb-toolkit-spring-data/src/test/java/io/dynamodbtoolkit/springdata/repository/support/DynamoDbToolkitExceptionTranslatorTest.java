package io.dynamodbtoolkit.springdata.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import io.dynamodbtoolkit.adapter.ConditionFailedException;
import io.dynamodbtoolkit.adapter.ItemAlreadyExistsException;
import io.dynamodbtoolkit.adapter.ItemNotFoundException;
import io.dynamodbtoolkit.adapter.ItemValidationException;
import io.dynamodbtoolkit.adapter.ParentNotFoundException;
import io.dynamodbtoolkit.adapter.VersionConflictException;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.mass.UnscopedMassDeleteException;
import org.junit.jupiter.api.Test;
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
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** Which DataAccessException each toolkit and SDK failure becomes; the original is always the cause. */
class DynamoDbToolkitExceptionTranslatorTest {

    private static final Map<String, AttributeValue> KEY = Map.of("pk", AttributeValue.fromS("a"));

    private final DynamoDbToolkitExceptionTranslator translator = new DynamoDbToolkitExceptionTranslator();

    @Test
    void toolkitFailures() {
        assertTranslated(new ItemAlreadyExistsException("exists", KEY, null, null), DuplicateKeyException.class);
        assertTranslated(new VersionConflictException(KEY, 1, 2L, null, null),
                OptimisticLockingFailureException.class);
        assertTranslated(new ItemNotFoundException("absent", KEY, null, null), EmptyResultDataAccessException.class);
        assertTranslated(new ConditionFailedException("no", KEY, null, null), DataIntegrityViolationException.class);
        assertTranslated(new ItemValidationException("bad"), DataIntegrityViolationException.class);
        assertTranslated(new ParentNotFoundException("no parent", KEY, KEY, null),
                DataIntegrityViolationException.class);
        assertTranslated(new InvalidKeyException("gap"), InvalidDataAccessApiUsageException.class);
        assertTranslated(new InvalidCursorException("forged"), InvalidDataAccessApiUsageException.class);
        assertTranslated(new UnscopedMassDeleteException("t"), InvalidDataAccessApiUsageException.class);
    }

    @Test
    void serviceFailures() {
        assertTranslated(ProvisionedThroughputExceededException.builder().message("slow down").statusCode(400)
                .build(), TransientDataAccessResourceException.class);
        assertTranslated(DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("ThrottlingException").build()).build(), TransientDataAccessResourceException.class);
        assertTranslated(TransactionCanceledException.builder().statusCode(400).cancellationReasons(
                CancellationReason.builder().code("None").build(),
                CancellationReason.builder().code("TransactionConflict").build()).build(),
                ConcurrencyFailureException.class);
        assertTranslated(TransactionCanceledException.builder().statusCode(400).cancellationReasons(
                CancellationReason.builder().code("ConditionalCheckFailed").build()).build(),
                DataIntegrityViolationException.class);
        assertTranslated(ResourceNotFoundException.builder().statusCode(400).build(),
                InvalidDataAccessResourceUsageException.class);
        assertTranslated(InternalServerErrorException.builder().statusCode(500).build(),
                TransientDataAccessResourceException.class);
        assertTranslated(DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("ValidationException").build()).build(), InvalidDataAccessApiUsageException.class);
        assertTranslated(DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("AccessDeniedException").build()).build(), PermissionDeniedDataAccessException.class);
        assertTranslated(DynamoDbException.builder().statusCode(400).awsErrorDetails(AwsErrorDetails.builder()
                .errorCode("SomethingNew").build()).build(), UncategorizedDynamoDbException.class);
        assertTranslated(ApiCallTimeoutException.builder().message("late").build(), QueryTimeoutException.class);
        assertTranslated(SdkClientException.create("no route"), DataAccessResourceFailureException.class);
    }

    @Test
    void foreignFailuresAreLeftAlone() {
        assertThat(translator.translateExceptionIfPossible(new UnsupportedOperationException("not ours"))).isNull();
        assertThat(translator.translateExceptionIfPossible(new DuplicateKeyException("already"))).isNull();
    }

    private void assertTranslated(RuntimeException original, Class<? extends DataAccessException> expected) {
        DataAccessException translated = translator.translateExceptionIfPossible(original);
        assertThat(translated).isInstanceOf(expected).hasCause(original);
    }
}
