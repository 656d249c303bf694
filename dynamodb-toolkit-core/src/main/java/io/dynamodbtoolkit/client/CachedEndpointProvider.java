package io.dynamodbtoolkit.client;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointParams;
import software.amazon.awssdk.services.dynamodb.endpoints.DynamoDbEndpointProvider;

/**
 * Resolves each distinct set of endpoint parameters once. The SDK evaluates DynamoDB's endpoint rules on every
 * call (region, FIPS, dual-stack, account-based endpoints, ...), which costs about 7% of a call's client CPU on a
 * local server; the answer depends on the parameters alone, and an application sends the same few sets again and
 * again. The cache key is every value the parameters expose (found once, so that parameters a later SDK adds are
 * part of it); a failed resolution is not kept; at most {@value #MAX_ENTRIES} sets are kept, a full cache starts
 * over.
 *
 * <pre>{@code
 * DynamoDbClient client = CachedEndpointProvider.applyTo(DynamoDbClient.builder()).region(...).build();
 * }</pre>
 */
public final class CachedEndpointProvider implements DynamoDbEndpointProvider {

    static final int MAX_ENTRIES = 256;

    private static final List<Method> PARAMETERS = Arrays.stream(DynamoDbEndpointParams.class.getMethods())
            .filter(method -> method.getDeclaringClass() == DynamoDbEndpointParams.class)
            .filter(method -> !Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 0)
            .filter(method -> !method.getName().equals("toBuilder"))
            .sorted(Comparator.comparing(Method::getName)).toList();

    private final DynamoDbEndpointProvider delegate;
    private final Map<List<Object>, CompletableFuture<Endpoint>> resolved = new ConcurrentHashMap<>();

    private CachedEndpointProvider(DynamoDbEndpointProvider delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** @return a cache in front of a provider */
    public static CachedEndpointProvider of(DynamoDbEndpointProvider delegate) {
        return new CachedEndpointProvider(delegate);
    }

    /** @return the builder, set to resolve endpoints with a cache in front of the SDK's default rules */
    public static DynamoDbClientBuilder applyTo(DynamoDbClientBuilder builder) {
        return builder.endpointProvider(of(DynamoDbEndpointProvider.defaultProvider()));
    }

    @Override
    public CompletableFuture<Endpoint> resolveEndpoint(DynamoDbEndpointParams params) {
        List<Object> key = keyOf(params);
        CompletableFuture<Endpoint> cached = resolved.get(key);
        if (cached != null) {
            return cached;
        }
        CompletableFuture<Endpoint> endpoint = delegate.resolveEndpoint(params);
        if (endpoint.isDone() && !endpoint.isCompletedExceptionally()) {
            if (resolved.size() >= MAX_ENTRIES) {
                resolved.clear();
            }
            resolved.put(key, endpoint);
        }
        return endpoint;
    }

    /** @return how many parameter sets are cached */
    int size() {
        return resolved.size();
    }

    private static List<Object> keyOf(DynamoDbEndpointParams params) {
        Object[] values = new Object[PARAMETERS.size()];
        for (int i = 0; i < values.length; i++) {
            try {
                values[i] = PARAMETERS.get(i).invoke(params);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("Cannot read endpoint parameter " + PARAMETERS.get(i).getName(), e);
            }
        }
        return Arrays.asList(values);
    }
}
