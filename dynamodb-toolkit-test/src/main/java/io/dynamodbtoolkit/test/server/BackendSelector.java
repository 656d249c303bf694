package io.dynamodbtoolkit.test.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Chooses the {@link DynamoDbServerProvider} that tests run against.
 *
 * <p>The backend named by {@code -Ddynamodb.toolkit.test.backend} or {@code DYNAMODB_TOOLKIT_TEST_BACKEND} is used
 * when given; it must be available, otherwise selection fails with the provider's reason. When the name is empty
 * or {@code auto}, the first available of {@link #AUTO_ORDER} wins: {@code external} (an endpoint is configured),
 * then {@code embedded} (the embedded engine is on the classpath), then {@code moto}.
 */
public final class BackendSelector {

    /** The backend name meaning "choose for me". */
    public static final String AUTO = "auto";
    /** The backends {@code auto} tries, in order. */
    public static final List<String> AUTO_ORDER = List.of(
            ExternalEndpointProvider.NAME, EmbeddedEngineProvider.NAME, MotoServerProvider.NAME);

    private final Map<String, DynamoDbServerProvider> providersByName;

    /** A selector over these providers; when two share a name, the first one wins. */
    public BackendSelector(List<? extends DynamoDbServerProvider> providers) {
        Map<String, DynamoDbServerProvider> byName = new LinkedHashMap<>();
        for (DynamoDbServerProvider provider : providers) {
            byName.putIfAbsent(provider.name(), provider);
        }
        this.providersByName = byName;
    }

    /** A selector over every provider registered with {@link ServiceLoader} in this class loader. */
    public static BackendSelector fromServiceLoader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = BackendSelector.class.getClassLoader();
        }
        List<DynamoDbServerProvider> providers = new ArrayList<>();
        ServiceLoader.load(DynamoDbServerProvider.class, loader).forEach(providers::add);
        return new BackendSelector(providers);
    }

    /** The names of all known providers, in registration order. */
    public List<String> backendNames() {
        return List.copyOf(providersByName.keySet());
    }

    /**
     * Selects the provider to use with these settings.
     *
     * @throws BackendUnavailableException when the requested backend is unknown or unavailable, or, in auto mode,
     *     when none of {@link #AUTO_ORDER} is available; the message says what to install or set
     */
    public DynamoDbServerProvider select(BackendSettings settings) {
        String requested = settings.requestedBackend().orElse(AUTO);
        return AUTO.equals(requested) ? selectAutomatically(settings) : selectByName(requested, settings);
    }

    private DynamoDbServerProvider selectByName(String name, BackendSettings settings) {
        DynamoDbServerProvider provider = providersByName.get(name);
        if (provider == null) {
            throw new BackendUnavailableException("Unknown DynamoDB test backend '" + name + "' (set by -D"
                    + BackendSettings.BACKEND_PROPERTY + " or " + BackendSettings.BACKEND_ENVIRONMENT_VARIABLE
                    + "). Known backends: " + String.join(", ", backendNames()) + ", or " + AUTO + ".");
        }
        Availability availability = provider.availability(settings);
        if (!availability.isAvailable()) {
            throw new BackendUnavailableException("The DynamoDB test backend '" + name + "' was chosen (-D"
                    + BackendSettings.BACKEND_PROPERTY + " or " + BackendSettings.BACKEND_ENVIRONMENT_VARIABLE
                    + ") but is not available: " + availability.reason());
        }
        return provider;
    }

    private DynamoDbServerProvider selectAutomatically(BackendSettings settings) {
        Map<String, String> reasons = new LinkedHashMap<>();
        for (String name : AUTO_ORDER) {
            DynamoDbServerProvider provider = providersByName.get(name);
            if (provider == null) {
                reasons.put(name, "no provider named '" + name + "' is registered");
                continue;
            }
            Availability availability = provider.availability(settings);
            if (availability.isAvailable()) {
                return provider;
            }
            reasons.put(name, availability.reason());
        }
        throw new BackendUnavailableException("No DynamoDB-compatible server is available for tests. Tried, in order:\n"
                + reasons.entrySet().stream()
                        .map(entry -> "  - " + entry.getKey() + ": " + entry.getValue())
                        .collect(Collectors.joining("\n"))
                + "\nOr choose another backend with -D" + BackendSettings.BACKEND_PROPERTY + "="
                + String.join("|", backendNames()) + ".");
    }
}
