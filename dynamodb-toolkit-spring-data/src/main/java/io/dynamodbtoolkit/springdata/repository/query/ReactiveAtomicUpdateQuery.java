package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.ReactiveAtomicUpdate;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import org.springframework.core.ResolvableType;
import org.springframework.data.repository.query.RepositoryQuery;
import reactor.core.publisher.Mono;

/**
 * An atomic update method of a reactive repository ({@code increment...}, {@code append...}, {@code addTo...},
 * {@code removeFrom...}; see {@link AtomicUpdateQuery}): the same name, parameters and start-up checks, sent as one
 * UpdateItem on the asynchronous client ({@link ReactiveAtomicUpdate}) when the returned {@code Mono} is subscribed
 * to. It returns {@code Mono<Void>} or a {@code Mono} of the row as written (the domain type or one of its tier
 * classes).
 *
 * @param <T> the domain type
 */
final class ReactiveAtomicUpdateQuery<T> implements RepositoryQuery {

    private final ReactiveDynamoDbQueryMethod method;
    private final ReactiveDynamoDbToolkitOperations operations;
    private final Class<T> domainType;
    private final AtomicUpdateMethod update;
    private final boolean returnsRow;

    private ReactiveAtomicUpdateQuery(ReactiveDynamoDbQueryMethod method, ReactiveDynamoDbToolkitOperations operations,
            Class<T> domainType, AtomicUpdateMethod update, boolean returnsRow) {
        this.method = method;
        this.operations = operations;
        this.domainType = domainType;
        this.update = update;
        this.returnsRow = returnsRow;
    }

    /**
     * @param method     the query method (its return type already a {@code Flux} or a {@code Mono})
     * @param context    the domain type and the blocking template, for the start-up checks
     * @param operations the reactive template the update is sent through
     * @param repository the repository interface, to resolve the return type's type variables
     * @return the query, checked
     * @throws io.dynamodbtoolkit.DeclarationException when the method cannot work as declared
     */
    static <T> ReactiveAtomicUpdateQuery<T> create(ReactiveDynamoDbQueryMethod method, QueryContext<T> context,
            ReactiveDynamoDbToolkitOperations operations, Class<?> repository) {
        AtomicUpdateMethod update = AtomicUpdateMethod.of(method, context);
        ResolvableType returned = ResolvableType.forMethodReturnType(method.method(), repository);
        Class<?> value = returned.getGeneric(0).resolve(Object.class);
        boolean returnsRow = !Void.class.equals(value);
        if (method.returnsFlux() || returnsRow && !context.domainType().isAssignableFrom(value)) {
            throw method.declarationError("an atomic update gives nothing or the row as written, not a "
                    + (method.returnsFlux() ? "Flux" : "Mono of " + value.getSimpleName()), "return Mono<Void>, Mono<"
                    + context.domainType().getSimpleName() + "> or a Mono of one of its tier classes");
        }
        return new ReactiveAtomicUpdateQuery<>(method, operations, context.domainType(), update, returnsRow);
    }

    @Override
    public Object execute(Object[] values) {
        DynamoDbParameterAccessor accessor = new DynamoDbParameterAccessor(method.getParameters(), values);
        return Mono.defer(() -> {
            ReactiveAtomicUpdate<T> built = update.applyTo(operations.update((KeyValues) accessor.getArgument(0),
                    domainType), accessor.getArgument(1));
            return returnsRow ? built.execute() : built.executeWithoutResult();
        });
    }

    @Override
    public ReactiveDynamoDbQueryMethod getQueryMethod() {
        return method;
    }
}
