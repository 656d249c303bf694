package io.dynamodbtoolkit.springdata.repository.support;

import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import org.jspecify.annotations.Nullable;

/**
 * A repository could not be bound to an adapter at start-up: the adapter it names does not exist, or it names none
 * and there is not exactly one. Lists the adapters that exist, so a failure analyzer can show them.
 */
public class AdapterBindingException extends DeclarationException {

    /** The repository that could not be bound. */
    private final transient Class<?> repositoryInterface;
    /** The adapter name it asked for, or null. */
    private final @Nullable String requestedName;
    /** The adapters of the application, described for people. */
    private final List<String> availableAdapters;

    /**
     * @param repositoryInterface the repository
     * @param requestedName       the adapter name it asked for, or null when it named none
     * @param availableAdapters   the adapters of the application, described for people
     * @param problem             what is wrong
     * @param fix                 what to do
     */
    public AdapterBindingException(Class<?> repositoryInterface, @Nullable String requestedName,
            List<String> availableAdapters,
            String problem, String fix) {
        super(repositoryInterface.getName() + (requestedName == null ? "" : " @AdapterName(\"" + requestedName
                + "\")"), problem, fix);
        this.repositoryInterface = repositoryInterface;
        this.requestedName = requestedName;
        this.availableAdapters = List.copyOf(availableAdapters);
    }

    /** @return the repository interface */
    public Class<?> repositoryInterface() {
        return repositoryInterface;
    }

    /** @return the adapter name asked for, or null when the repository named none */
    public @Nullable String requestedName() {
        return requestedName;
    }

    /** @return the adapters of the application, described for people */
    public List<String> availableAdapters() {
        return availableAdapters;
    }
}
