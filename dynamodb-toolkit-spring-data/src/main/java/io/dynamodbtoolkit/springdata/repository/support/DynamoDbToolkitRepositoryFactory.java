package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.repository.ScopeProvider;
import io.dynamodbtoolkit.springdata.repository.Unscoped;
import io.dynamodbtoolkit.springdata.repository.query.HierarchicalQueryLookupStrategy;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.dao.support.PersistenceExceptionTranslationInterceptor;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Creates a repository over one adapter: binds the adapter to the repository's domain type, scope and entity
 * callbacks ({@link BoundAdapter}), resolves its query methods with the {@link HierarchicalQueryLookupStrategy}, and
 * translates every failure into a Spring {@code DataAccessException} on the way out of the proxy.
 */
public class DynamoDbToolkitRepositoryFactory extends RepositoryFactorySupport {

    private final Adapter<?> adapter;
    private final MappingDynamoDbConverter converter;
    private final ScopeProvider scopeProvider;
    private final EntityCallbacks callbacks;
    private final Set<Class<?>> registeredCallbacks;
    private MassProgressListener massProgress = MassProgressListener.NONE;
    private BoundAdapter<?> bound;

    /**
     * @param adapter       the adapter the repository reads and writes through
     * @param converter     the mapping
     * @param scopeProvider the application's scope provider, or null
     * @param callbacks     the application's entity callbacks, or null
     * @param registered    the callback interfaces the application has beans of (others are skipped)
     * @param translator    the exception translation applied to every call
     */
    public DynamoDbToolkitRepositoryFactory(Adapter<?> adapter, MappingDynamoDbConverter converter,
            ScopeProvider scopeProvider, EntityCallbacks callbacks, Set<Class<?>> registered,
            PersistenceExceptionTranslator translator) {
        this.adapter = Objects.requireNonNull(adapter, "adapter");
        this.converter = Objects.requireNonNull(converter, "converter");
        this.scopeProvider = scopeProvider;
        this.callbacks = callbacks;
        this.registeredCallbacks = Set.copyOf(registered);
        addRepositoryProxyPostProcessor((factory, information) -> factory.addAdvice(
                new PersistenceExceptionTranslationInterceptor(translator)));
    }

    /**
     * @param listener hears the progress of every mass-operation run of the repositories this factory creates
     *                 (e.g. the Boot module's gauges), besides the listener a call's {@code MassOptions} names
     */
    public void setMassProgressListener(MassProgressListener listener) {
        this.massProgress = Objects.requireNonNull(listener, "listener");
    }

    /** @return the adapter bound to the repository's domain type, once the repository has been created */
    public Optional<BoundAdapter<?>> boundAdapter() {
        synchronized (this) {
            return Optional.ofNullable(bound);
        }
    }

    @Override
    public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
        return new DynamoDbEntityInformation<>(bound(metadata));
    }

    @Override
    protected Object getTargetRepository(RepositoryInformation information) {
        return getTargetRepositoryViaReflection(information, bound(information));
    }

    @Override
    protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
        return SimpleHierarchicalRepository.class;
    }

    @Override
    protected Optional<QueryLookupStrategy> getQueryLookupStrategy(QueryLookupStrategy.Key key,
            ValueExpressionDelegate valueExpressionDelegate) {
        if (bound == null) {
            throw new IllegalStateException("The repository's adapter is bound when its implementation is created");
        }
        return Optional.of(new HierarchicalQueryLookupStrategy(bound));
    }

    private synchronized BoundAdapter<?> bound(RepositoryMetadata metadata) {
        if (bound == null) {
            Class<?> repository = metadata.getRepositoryInterface();
            RepositoryScope scope = scopeProvider == null ? RepositoryScope.none(adapter.keys())
                    : RepositoryScope.of(scopeProvider, adapter.keys(),
                            AnnotatedElementUtils.hasAnnotation(repository, Unscoped.class), repository);
            bound = BoundAdapter.bind(adapter, metadata.getDomainType(), converter, scope, callbacks,
                    registeredCallbacks, massProgress);
        }
        return bound;
    }
}
