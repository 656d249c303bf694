package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import org.springframework.dao.support.PersistenceExceptionTranslationInterceptor;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.ReactiveRepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Creates reactive repositories over one adapter's {@link ReactiveDynamoDbToolkitTemplate}. Query methods beyond
 * {@code ReactiveHierarchicalRepository}'s own are refused at start-up (derived queries are the blocking repositories'
 * for now); failures thrown by the proxy itself are translated by the template's exception translator (those a
 * publisher signals are translated by the template).
 */
public class ReactiveDynamoDbToolkitRepositoryFactory extends ReactiveRepositoryFactorySupport {

    private final ReactiveDynamoDbToolkitTemplate template;

    /** @param template the reactive template of the adapter the repositories read and write through */
    public ReactiveDynamoDbToolkitRepositoryFactory(ReactiveDynamoDbToolkitTemplate template) {
        this.template = Objects.requireNonNull(template, "template");
        addRepositoryProxyPostProcessor((factory, information) -> factory.addAdvice(
                new PersistenceExceptionTranslationInterceptor(template.getBlockingTemplate()
                        .getExceptionTranslator())));
    }

    /** @return the template the repositories are built on */
    public ReactiveDynamoDbToolkitTemplate template() {
        return template;
    }

    @Override
    public DynamoDbEntityInformation<?> getEntityInformation(RepositoryMetadata metadata) {
        return new DynamoDbEntityInformation<>(template.getBlockingTemplate(), metadata.getDomainType());
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        return getTargetRepositoryViaReflection(information, getEntityInformation(information), template);
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleReactiveHierarchicalRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.Key key,
            ValueExpressionDelegate valueExpressionDelegate) {
        return Optional.of((method, metadata, factory, namedQueries) -> {
            throw new DeclarationException(metadata.getRepositoryInterface().getName() + "." + method.getName(),
                    "reactive repositories do not (yet) derive query methods",
                    "use the methods of ReactiveHierarchicalRepository, the ReactiveDynamoDbToolkitTemplate, or "
                            + "declare the method on a HierarchicalRepository");
        });
    }
}
