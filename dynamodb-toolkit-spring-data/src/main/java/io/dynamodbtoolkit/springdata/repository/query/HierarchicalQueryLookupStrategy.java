package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;

import io.dynamodbtoolkit.springdata.repository.support.BoundAdapter;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Resolves a repository's query methods: the hierarchical names ({@code findUnder...}, {@code findSelfAndUnder...},
 * {@code findByPartial...}, and the index and mass-operation names) are claimed before Spring Data's name
 * derivation sees them; every other name is derived ({@link DerivedQueryPlanner}) and must map onto the key. Every
 * method is checked at start-up.
 */
public final class HierarchicalQueryLookupStrategy implements QueryLookupStrategy {

    private final BoundAdapter<?> bound;

    /** @param bound the adapter bound to the repository */
    public HierarchicalQueryLookupStrategy(BoundAdapter<?> bound) {
        this.bound = bound;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
            NamedQueries namedQueries) {
        DynamoDbQueryMethod queryMethod = new DynamoDbQueryMethod(method, metadata, factory);
        return HierarchicalMethod.of(method.getName()).<RepositoryQuery>map(kind -> kind.shape()
                .<RepositoryQuery>map(shape -> SubtreeRepositoryQuery.create(queryMethod, bound, shape))
                .orElseThrow(() -> queryMethod.declarationError(kind.prefix() + " methods need "
                        + (kind == HierarchicalMethod.FIND_IN_SPARSE_INDEX ? "the core's secondary index support "
                        + "(io.dynamodbtoolkit.index)" : "the core's mass-operation engine (io.dynamodbtoolkit.mass)")
                        + ", which this version does not have yet", "remove the method until it is available")))
                .orElseGet(() -> derived(queryMethod, bound));
    }

    private static <T> RepositoryQuery derived(DynamoDbQueryMethod method, BoundAdapter<T> bound) {
        return new DerivedQueryPlanner<>(method, bound).plan();
    }
}
