package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.repository.query.HierarchicalQueryLookupStrategy;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.support.PersistenceExceptionTranslationInterceptor;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Creates repositories over one adapter's {@link DynamoDbToolkitOperations} (its template): the repository
 * implementation and its query methods ({@link HierarchicalQueryLookupStrategy}) read and write through the template,
 * confined to the scope as the repository declares ({@link Unscoped @Unscoped} opts out), and every failure leaving the
 * proxy is translated by the template's exception translator. Holds nothing per repository: everything is derived from
 * the metadata Spring Data passes in, in whatever order it asks.
 */
public class DynamoDbToolkitRepositoryFactory extends RepositoryFactorySupport {

    private final DynamoDbToolkitOperations template;

    /** @param template the operations (a template) of the adapter the repositories read and write through */
    public DynamoDbToolkitRepositoryFactory(DynamoDbToolkitOperations template) {
        this.template = Objects.requireNonNull(template, "template");
        addRepositoryProxyPostProcessor((factory, information) -> factory.addAdvice(
                new PersistenceExceptionTranslationInterceptor(template.getExceptionTranslator())));
    }

    /** @return the operations the repositories are built on */
    public DynamoDbToolkitOperations template() {
        return template;
    }

    @Override
    public DynamoDbEntityInformation<?> getEntityInformation(RepositoryMetadata metadata) {
        return new DynamoDbEntityInformation<>(operationsFor(metadata), metadata.getDomainType());
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        return getTargetRepositoryViaReflection(information, getEntityInformation(information),
                operationsFor(information), getProjectionFactory());
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleHierarchicalRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.@Nullable Key key,
            ValueExpressionDelegate valueExpressionDelegate) {
        return Optional.of(new HierarchicalQueryLookupStrategy(this::operationsFor));
    }

    /**
     * @return the template as a repository sees it: unscoped for an {@code @Unscoped} repository, else confined to
     *         the application's scope
     * @throws DeclarationException when the application has a ScopeProvider whose fields do not lead the key
     *                              design and the repository is not {@code @Unscoped}
     */
    private DynamoDbToolkitOperations operationsFor(RepositoryMetadata metadata) {
        return RepositoryScope.isUnscoped(metadata, template) ? template.unscoped() : template;
    }
}
