package io.dynamodbtoolkit.test;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;

/**
 * One call made through a client that records into a {@link RequestLog}.
 *
 * @param operation the DynamoDB operation name, e.g. {@code Query}, {@code BatchWriteItem}
 * @param request the request as sent (after other interceptors modified it)
 * @param response the response, or {@code null} when the call failed
 * @param failure the exception the call failed with, or {@code null} when it succeeded
 */
public record RecordedCall(String operation, SdkRequest request, @Nullable SdkResponse response,
        @Nullable Throwable failure) {

    /** A recorded call; operation and request are required. */
    public RecordedCall {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(request, "request");
    }

    /** Whether the call returned a response. */
    public boolean succeeded() {
        return response != null;
    }

    /** The request as the given type, e.g. {@code call.request(QueryRequest.class)}. */
    public <T extends SdkRequest> T request(Class<T> type) {
        return type.cast(request);
    }

    /** The response as the given type; {@code null} when the call failed. */
    public <T extends SdkResponse> @Nullable T response(Class<T> type) {
        return type.cast(response);
    }
}
