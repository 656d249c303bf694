package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.function.Function;

import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Resolves a reactive repository's query methods as {@link HierarchicalQueryLookupStrategy} resolves a blocking one's
 * (the same names, derivations, plans and start-up checks), each run on the reactive template
 * ({@link ReactiveDynamoDbQuery}). Refused at start-up besides: return types that are not a {@code Flux} of rows or a
 * {@code Mono} ({@link ReactiveReturnTypes}) and a mass operation returning anything but {@code Mono<MassResult>}.
 * Atomic updates ({@code increment...}, {@code append...}, ...) are sent on the asynchronous client
 * ({@link ReactiveAtomicUpdateQuery}).
 */
public final class ReactiveHierarchicalQueryLookupStrategy implements QueryLookupStrategy {

    private final Function<RepositoryMetadata, ReactiveDynamoDbToolkitOperations> templates;

    /**
     * @param templates the reactive template a repository reads and writes through, confined as the repository
     *                  declares (by its metadata)
     */
    public ReactiveHierarchicalQueryLookupStrategy(
            Function<RepositoryMetadata, ReactiveDynamoDbToolkitOperations> templates) {
        this.templates = templates;
    }

    @Override
    public RepositoryQuery resolveQuery(Method method, RepositoryMetadata metadata, ProjectionFactory factory,
            NamedQueries namedQueries) {
        ReactiveDynamoDbQueryMethod queryMethod = new ReactiveDynamoDbQueryMethod(method, metadata, factory);
        ReactiveDynamoDbToolkitOperations template = templates.apply(metadata);
        if (AtomicUpdateQuery.claims(method.getName())) {
            return ReactiveAtomicUpdateQuery.create(queryMethod, QueryContext.of(template.getBlockingOperations(),
                    metadata.getDomainType()), template, metadata.getRepositoryInterface());
        }
        AbstractDynamoDbQuery<?> planned = HierarchicalQueryLookupStrategy.plan(queryMethod,
                QueryContext.of(template.getBlockingOperations(), metadata.getDomainType()));
        if (planned instanceof MassRepositoryQuery<?> && queryMethod.returnsFlux()) {
            throw queryMethod.declarationError("a mass operation has one result, but it returns a Flux",
                    "return Mono<MassResult>");
        }
        if (planned.shape().isRows() != queryMethod.returnsFlux()) {
            throw queryMethod.declarationError("it returns " + (queryMethod.returnsFlux() ? "a Flux, but its "
                    + "result is one value (" + planned.shape().name().toLowerCase(Locale.ROOT) + ")"
                    : "a Mono, but its result is the rows"), queryMethod.returnsFlux() ? "return a Mono of it"
                    : "return a Flux of the rows");
        }
        return reactive(planned, template);
    }

    private static <T> RepositoryQuery reactive(AbstractDynamoDbQuery<T> planned,
            ReactiveDynamoDbToolkitOperations template) {
        return new ReactiveDynamoDbQuery<>(planned, template);
    }
}
