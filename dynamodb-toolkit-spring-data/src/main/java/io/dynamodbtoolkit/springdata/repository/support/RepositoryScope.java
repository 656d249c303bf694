package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ScopeProvider;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.repository.core.RepositoryMetadata;

/**
 * How a repository (blocking or reactive) is confined: to the application's scope, unless its interface is
 * {@link Unscoped @Unscoped}.
 */
final class RepositoryScope {

    private RepositoryScope() {
    }

    /**
     * @param metadata   the repository's metadata
     * @param operations the adapter's operations
     * @return whether the repository opts out of the scope ({@code @Unscoped})
     * @throws DeclarationException when the application has a {@link ScopeProvider} whose fields do not lead the key
     *                              design and the repository is not {@code @Unscoped}
     */
    static boolean isUnscoped(RepositoryMetadata metadata, DynamoDbToolkitOperations operations) {
        Class<?> repository = metadata.getRepositoryInterface();
        if (AnnotatedElementUtils.hasAnnotation(repository, Unscoped.class)) {
            return true;
        }
        Optional<ScopeProvider> provider = operations.getScopeProvider();
        if (provider.isPresent() && operations.getScopeFields().isEmpty()) {
            throw new DeclarationException(repository.getName(), "the ScopeProvider confines calls to key fields "
                    + provider.get().scopeFields() + ", but the key design " + operations.getDeclaration().keys()
                    + " does not start with them", "make the scope fields the leading key fields of the adapter, or "
                    + "annotate the repository @Unscoped if its items are not scoped");
        }
        return false;
    }

    /**
     * @param metadata   the repository's metadata
     * @param operations the adapter's reactive operations
     * @return whether the repository opts out of the scope ({@code @Unscoped})
     * @throws DeclarationException as {@link #isUnscoped(RepositoryMetadata, DynamoDbToolkitOperations)}
     */
    static boolean isUnscoped(RepositoryMetadata metadata, ReactiveDynamoDbToolkitOperations operations) {
        return isUnscoped(metadata, operations.getBlockingOperations());
    }
}
