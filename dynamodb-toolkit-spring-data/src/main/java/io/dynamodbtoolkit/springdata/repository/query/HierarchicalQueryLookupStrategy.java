package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Resolves a repository's query methods: the hierarchical names ({@code findUnder...}, {@code findSelfAndUnder...},
 * {@code findByPartial...}, {@code findInSparseIndex...}, and the mass operations {@code deleteUnder...},
 * {@code cloneUnder...}, {@code moveUnder...}, {@code editUnder...} and their {@code ...AllUnder} cascades) are claimed
 * before Spring Data's name derivation sees them; every other name is derived ({@link DerivedQueryPlanner}) and
 * must map onto the table's key or a declared index, or read one row by a unique field ({@link UniqueFieldQuery});
 * {@code increment...}, {@code append...}, {@code addTo...} and
 * {@code removeFrom...} are atomic updates ({@link AtomicUpdateQuery}). Every method is checked at start-up.
 */
public final class HierarchicalQueryLookupStrategy implements QueryLookupStrategy {

    private final Function<RepositoryMetadata, DynamoDbToolkitOperations> operations;

    /**
     * @param operations the template a repository reads and writes through, confined as the repository declares
     *                   (by its metadata)
     */
    public HierarchicalQueryLookupStrategy(Function<RepositoryMetadata, DynamoDbToolkitOperations> operations) {
        this.operations = operations;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
            NamedQueries namedQueries) {
        return plan(new DynamoDbQueryMethod(method, metadata, factory), QueryContext.of(operations.apply(metadata),
                metadata.getDomainType()));
    }

    /**
     * @param queryMethod the method
     * @param context     the repository
     * @return the method's query, planned and checked
     * @throws io.dynamodbtoolkit.DeclarationException when the method cannot work as declared
     */
    static AbstractDynamoDbQuery<?> plan(DynamoDbQueryMethod queryMethod, QueryContext<?> context) {
        String name = queryMethod.method().getName();
        if (AtomicUpdateQuery.claims(name)) {
            return AtomicUpdateQuery.create(queryMethod, context);
        }
        Optional<HierarchicalMethod> hierarchical = HierarchicalMethod.of(name);
        if (hierarchical.isEmpty()) {
            UniqueFieldQuery<?> unique = UniqueFieldQuery.claim(queryMethod, context);
            return unique != null ? unique : derived(queryMethod, context);
        }
        HierarchicalMethod kind = hierarchical.get();
        return switch (kind.operation()) {
            case FIND -> SubtreeRepositoryQuery.create(queryMethod, context,
                    Objects.requireNonNull(kind.shape(), "a subtree method has its shape"));
            case FIND_IN_INDEX -> SparseIndexRepositoryQuery.create(queryMethod, context);
            default -> MassRepositoryQuery.create(queryMethod, context, kind);
        };
    }

    private static <T> AbstractDynamoDbQuery<T> derived(DynamoDbQueryMethod method, QueryContext<T> context) {
        return new DerivedQueryPlanner<>(method, context).plan();
    }
}
