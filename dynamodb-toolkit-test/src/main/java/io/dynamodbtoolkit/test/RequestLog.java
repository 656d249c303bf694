package io.dynamodbtoolkit.test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Every call made through a recording client, in completion order, since the last {@link #clear()}.
 *
 * <p>The client injected by {@link DynamoDbExtension} records into the log injected beside it; the extension clears
 * the log right before each test method runs (after {@code @BeforeEach} methods), so the log holds the test
 * method's own calls. To record another client, add {@link #interceptor()} to its override configuration. The log
 * is thread-safe; calls made concurrently are all recorded.
 */
public final class RequestLog {

    private final ConcurrentLinkedQueue<RecordedCall> calls = new ConcurrentLinkedQueue<>();
    private final ExecutionInterceptor interceptor = new RecordingInterceptor();

    /** All recorded calls, oldest first (a snapshot). */
    public List<RecordedCall> calls() {
        return List.copyOf(calls);
    }

    /** The recorded calls of one operation, e.g. {@code calls("Query")}, oldest first. */
    public List<RecordedCall> calls(String operation) {
        Objects.requireNonNull(operation, "operation");
        return calls.stream().filter(call -> call.operation().equals(operation)).toList();
    }

    /** Forgets every recorded call. */
    public void clear() {
        calls.clear();
    }

    /** An SDK interceptor that records into this log; add it to any client built for the test endpoint. */
    public ExecutionInterceptor interceptor() {
        return interceptor;
    }

    /**
     * Asserts that every successful {@code Query} and {@code Scan} since the last {@link #clear()} returned every
     * item it read: {@code ScannedCount == Count}. A filter expression or a scan that discards items makes them
     * differ, and so does a response that lacks either count.
     *
     * @throws AssertionError naming each offending request with its counts
     */
    public void assertNoReadAmplification() {
        List<String> problems = new ArrayList<>();
        int reads = 0;
        for (RecordedCall call : calls) {
            ReadCounts counts = ReadCounts.of(call);
            if (counts == null) {
                continue;
            }
            reads++;
            if (!Objects.equals(counts.scanned(), counts.returned())) {
                problems.add("  - " + call.operation() + ": ScannedCount=" + counts.scanned() + ", Count="
                        + counts.returned() + ", request: " + call.request());
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("Read amplification: " + problems.size() + " of " + reads
                    + " Query/Scan call(s) since the last clear read items they did not return"
                    + " (ScannedCount != Count):\n" + String.join("\n", problems));
        }
    }

    private void record(RecordedCall call) {
        calls.add(call);
    }

    /** ScannedCount and Count of a successful Query or Scan. */
    private record ReadCounts(Integer scanned, Integer returned) {

        static @Nullable ReadCounts of(RecordedCall call) {
            if (call.response() instanceof QueryResponse query) {
                return new ReadCounts(query.scannedCount(), query.count());
            }
            if (call.response() instanceof ScanResponse scan) {
                return new ReadCounts(scan.scannedCount(), scan.count());
            }
            return null;
        }
    }

    private final class RecordingInterceptor implements ExecutionInterceptor {

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            record(new RecordedCall(operation(attributes, context.request()), context.request(), context.response(),
                    null));
        }

        @Override
        public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
            record(new RecordedCall(operation(attributes, context.request()), context.request(), null,
                    context.exception()));
        }

        private String operation(ExecutionAttributes attributes, SdkRequest request) {
            String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
            return operation != null ? operation : request.getClass().getSimpleName().replaceFirst("Request$", "");
        }
    }
}
