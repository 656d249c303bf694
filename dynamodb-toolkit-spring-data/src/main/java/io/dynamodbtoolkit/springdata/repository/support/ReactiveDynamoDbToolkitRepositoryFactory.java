package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.repository.query.ReactiveHierarchicalQueryLookupStrategy;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.support.PersistenceExceptionTranslationInterceptor;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.ReactiveRepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Creates reactive repositories over one adapter's {@link ReactiveDynamoDbToolkitOperations} (its template): the
 * repository implementation and its query methods ({@link ReactiveHierarchicalQueryLookupStrategy}: the blocking
 * repositories' query methods, run on the asynchronous client) read and write through the template, confined to the
 * scope as the repository declares ({@link io.dynamodbtoolkit.springdata.repository.Unscoped @Unscoped} opts out).
 * Failures thrown by the proxy itself are translated by the template's exception translator (those a publisher signals
 * are translated by the template).
 */
public class ReactiveDynamoDbToolkitRepositoryFactory extends ReactiveRepositoryFactorySupport {

    private final ReactiveDynamoDbToolkitOperations template;

    /** @param template the reactive template of the adapter the repositories read and write through */
    public ReactiveDynamoDbToolkitRepositoryFactory(ReactiveDynamoDbToolkitOperations template) {
        this.template = Objects.requireNonNull(template, "template");
        addRepositoryProxyPostProcessor((factory, information) -> factory.addAdvice(
                new PersistenceExceptionTranslationInterceptor(template.getExceptionTranslator())));
    }

    /** @return the template the repositories are built on */
    public ReactiveDynamoDbToolkitOperations template() {
        return template;
    }

    @Override
    public DynamoDbEntityInformation<?> getEntityInformation(RepositoryMetadata metadata) {
        return new DynamoDbEntityInformation<>(templateFor(metadata).getBlockingOperations(), metadata.getDomainType());
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        return getTargetRepositoryViaReflection(information, getEntityInformation(information),
                templateFor(information), getProjectionFactory());
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleReactiveHierarchicalRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.@Nullable Key key,
            ValueExpressionDelegate valueExpressionDelegate) {
        return Optional.of(new ReactiveHierarchicalQueryLookupStrategy(this::templateFor));
    }

    /**
     * @return the template as a repository sees it: unscoped for an {@code @Unscoped} repository, else confined to
     *         the application's scope
     * @throws io.dynamodbtoolkit.DeclarationException when the application's scope fields do not lead the key design
     *                                                 and the repository is not {@code @Unscoped}
     */
    private ReactiveDynamoDbToolkitOperations templateFor(RepositoryMetadata metadata) {
        return RepositoryScope.isUnscoped(metadata, template) ? template.unscoped() : template;
    }
}
