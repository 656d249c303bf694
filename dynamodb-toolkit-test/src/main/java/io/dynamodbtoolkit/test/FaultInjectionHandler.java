package io.dynamodbtoolkit.test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * The {@link InvocationHandler} behind {@link FaultInjectingDynamoDbClient}: decides per operation call whether to
 * inject a fault, counts the faults, and forwards the rest to the wrapped client. Default methods (consumer-builder
 * overloads, paginators) run on the proxy so that their calls are subject to faults too.
 */
final class FaultInjectionHandler implements InvocationHandler {

    private static final String BATCH_WRITE_ITEM = "BatchWriteItem";
    private static final String BATCH_GET_ITEM = "BatchGetItem";
    private static final Set<String> OPERATION_NAMES = Arrays.stream(DynamoDbClient.class.getMethods())
            .filter(FaultInjectionHandler::isOperation)
            .map(FaultInjectionHandler::operationName)
            .collect(Collectors.toUnmodifiableSet());

    private final DynamoDbClient delegate;
    private final ClientFaultInjection faults;
    private final SplittableRandom random;
    private final Map<FaultKind, AtomicLong> counts = new EnumMap<>(FaultKind.class);

    private FaultInjectionHandler(DynamoDbClient delegate, ClientFaultInjection faults) {
        this.delegate = delegate;
        this.faults = faults;
        this.random = new SplittableRandom(faults.seed());
        for (FaultKind kind : FaultKind.values()) {
            counts.put(kind, new AtomicLong());
        }
    }

    static FaultInjectingDynamoDbClient proxy(DynamoDbClient delegate, ClientFaultInjection faults) {
        return (FaultInjectingDynamoDbClient) Proxy.newProxyInstance(
                FaultInjectingDynamoDbClient.class.getClassLoader(),
                new Class<?>[] {FaultInjectingDynamoDbClient.class},
                new FaultInjectionHandler(delegate, faults));
    }

    /** The names of all operations of {@link DynamoDbClient}, e.g. {@code Query}, {@code BatchWriteItem}. */
    static Set<String> operationNames() {
        return OPERATION_NAMES;
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, Object @Nullable [] arguments) throws Throwable {
        Class<?> declaringClass = method.getDeclaringClass();
        if (declaringClass == Object.class) {
            return objectMethod(proxy, method, arguments);
        }
        if (declaringClass == FaultInjectingDynamoDbClient.class) {
            return counterMethod(method, arguments);
        }
        if (isOperation(method)) {
            return operation(method, (SdkRequest) Objects.requireNonNull(arguments, "an operation has a request")[0]);
        }
        switch (method.getName()) {
            case "waiter":
                return DynamoDbWaiter.builder().client((DynamoDbClient) proxy).build();
            case "close":
                return null;
            case "serviceClientConfiguration":
                return forward(method, arguments);
            default:
                return method.isDefault() ? InvocationHandler.invokeDefault(proxy, method, arguments)
                        : forward(method, arguments);
        }
    }

    private @Nullable Object operation(Method method, SdkRequest request) throws Throwable {
        String operation = operationName(method);
        Decision decision = decide(operation, request);
        FaultKind fault = decision.fault();
        if (fault == null) {
            return forward(method, new Object[] {request});
        }
        return switch (fault) {
            case THROTTLING -> throw throttling(operation);
            case SERVER_ERROR -> throw serverError(operation);
            case UNPROCESSED_ITEMS -> Objects.requireNonNull(decision.writeSplit(),
                    "an unprocessed-items decision has its split")
                    .execute(delegate);
            case UNPROCESSED_KEYS -> Objects.requireNonNull(decision.getSplit(),
                    "an unprocessed-keys decision has its split")
                    .execute(delegate);
        };
    }

    /** Draws every random decision of one call under one lock, so a single-threaded run is reproducible. */
    private Decision decide(String operation, SdkRequest request) {
        Decision decision;
        synchronized (random) {
            if (happens(faults.throttlingRate(operation))) {
                decision = new Decision(FaultKind.THROTTLING, null, null);
            } else if (happens(faults.serverErrorRate(operation))) {
                decision = new Decision(FaultKind.SERVER_ERROR, null, null);
            } else if (operation.equals(BATCH_WRITE_ITEM) && happens(faults.unprocessedItemsRate())) {
                BatchWriteSplit split = BatchWriteSplit.plan((BatchWriteItemRequest) request, random);
                decision = split == null ? Decision.NONE : new Decision(FaultKind.UNPROCESSED_ITEMS, split, null);
            } else if (operation.equals(BATCH_GET_ITEM) && happens(faults.unprocessedKeysRate())) {
                BatchGetSplit split = BatchGetSplit.plan((BatchGetItemRequest) request, random);
                decision = split == null ? Decision.NONE : new Decision(FaultKind.UNPROCESSED_KEYS, null, split);
            } else {
                decision = Decision.NONE;
            }
        }
        if (decision.fault() != null) {
            count(decision.fault()).incrementAndGet();
        }
        return decision;
    }

    /** The counter of one kind of fault (the constructor puts one per kind). */
    private AtomicLong count(FaultKind kind) {
        return Objects.requireNonNull(counts.get(kind), "a counter per fault kind");
    }

    private boolean happens(double rate) {
        return rate > 0 && random.nextDouble() < rate;
    }

    private @Nullable Object forward(Method method, Object @Nullable [] arguments) throws Throwable {
        try {
            return method.invoke(delegate, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private Object objectMethod(Object proxy, Method method, Object @Nullable [] arguments) {
        return switch (method.getName()) {
            case "equals" -> proxy == Objects.requireNonNull(arguments, "equals has an argument")[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "FaultInjectingDynamoDbClient(" + delegate + ")";
        };
    }

    private @Nullable Object counterMethod(Method method, Object @Nullable [] arguments) {
        return switch (method.getName()) {
            case "injectedFaults" -> arguments == null || arguments.length == 0
                    ? counts.values().stream().mapToLong(AtomicLong::get).sum()
                    : count((FaultKind) arguments[0]).get();
            case "resetInjectedFaults" -> {
                counts.values().forEach(count -> count.set(0));
                yield null;
            }
            case "delegate" -> delegate;
            default -> throw new UnsupportedOperationException(method.toString());
        };
    }

    private static ProvisionedThroughputExceededException throttling(String operation) {
        String message = "Injected fault: the request rate for " + operation + " exceeded the provisioned throughput";
        return ProvisionedThroughputExceededException.builder()
                .message(message)
                .statusCode(400)
                .awsErrorDetails(errorDetails("ProvisionedThroughputExceededException", message, 400))
                .build();
    }

    private static DynamoDbException serverError(String operation) {
        String message = "Injected fault: internal server error on " + operation;
        return InternalServerErrorException.builder()
                .message(message)
                .statusCode(500)
                .awsErrorDetails(errorDetails("InternalServerError", message, 500))
                .build();
    }

    private static AwsErrorDetails errorDetails(String errorCode, String message, int status) {
        return AwsErrorDetails.builder()
                .errorCode(errorCode)
                .errorMessage(message)
                .serviceName("DynamoDb")
                .sdkHttpResponse(SdkHttpResponse.builder().statusCode(status).build())
                .build();
    }

    private static boolean isOperation(Method method) {
        return method.getParameterCount() == 1 && SdkRequest.class.isAssignableFrom(method.getParameterTypes()[0])
                && !method.getName().endsWith("Paginator");
    }

    private static String operationName(Method method) {
        String name = method.getName();
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** What one call gets: no fault, an error, or a partial batch. */
    private record Decision(@Nullable FaultKind fault, @Nullable BatchWriteSplit writeSplit,
            @Nullable BatchGetSplit getSplit) {
        static final Decision NONE = new Decision(null, null, null);
    }
}
