package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import org.reactivestreams.Publisher;
import org.springframework.data.repository.query.RepositoryQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A query method of a reactive repository: the blocking repository's query for the same declaration plans what a call
 * reads (key condition, index, filter, order, limit; the same start-up checks and refusals), and the reactive template
 * runs the plan on the asynchronous client ({@link ReactiveResults}). Nothing happens before subscription: a bad
 * argument (a null key value, a sort no key order serves) is an error signal. A mass operation runs on the
 * asynchronous mass engine, as the repository's cascades do: nothing blocks a thread.
 *
 * @param <T> the domain type
 */
final class ReactiveDynamoDbQuery<T> implements RepositoryQuery {

    private final AbstractDynamoDbQuery<T> planned;
    private final ReactiveDynamoDbToolkitOperations operations;

    /**
     * @param planned    the query planned as for a blocking repository
     * @param operations the reactive template to run it on, confined as the planned query's template
     */
    ReactiveDynamoDbQuery(AbstractDynamoDbQuery<T> planned, ReactiveDynamoDbToolkitOperations operations) {
        this.planned = planned;
        this.operations = operations;
    }

    @Override
    public Object execute(Object[] values) {
        DynamoDbParameterAccessor accessor = new DynamoDbParameterAccessor(planned.getQueryMethod().getParameters(),
                values);
        if (planned.shape().isRows()) {
            return Flux.defer(() -> run(accessor));
        }
        return Mono.defer(() -> Mono.from(run(accessor)));
    }

    private Publisher<?> run(DynamoDbParameterAccessor accessor) {
        if (planned instanceof UniqueFieldQuery<T> unique) {
            return unique.runOn(operations, accessor);
        }
        AbstractDynamoDbQuery.Source<T> source = planned.source(accessor);
        if (source instanceof MassCall<T> mass) {
            return run(mass);
        }
        AbstractDynamoDbQuery.Read<T> read = (AbstractDynamoDbQuery.Read<T>) source;
        ResultProjection projection = planned.projection();
        projection.requireFits(accessor, read.classes(), read.reach());
        ResultShape shape = planned.shape();
        Publisher<?> result = ReactiveResults.execute(shape, read.read().on(operations), read.options(), accessor,
                read.limit());
        if (result instanceof Flux<?> rows) {
            return rows.map(row -> projection.project(row, ResultShape.SINGLE, accessor));
        }
        return ((Mono<?>) result).map(one -> projection.project(one, shape, accessor));
    }

    /** @return a mass query method's run on the reactive template */
    private Mono<MassResult> run(MassCall<T> mass) {
        boolean all = mass.withNode();
        return switch (mass.operation()) {
            case DELETE -> all ? operations.deleteAllUnder(mass.from(), mass.options(), mass.type())
                    : operations.deleteUnder(mass.from(), mass.options(), mass.type());
            case CLONE -> all ? operations.cloneAllUnder(mass.from(), mass.requireTo(), mass.options(), mass.type())
                    : operations.cloneUnder(mass.from(), mass.requireTo(), mass.options(), mass.type());
            case MOVE -> all ? operations.moveAllUnder(mass.from(), mass.requireTo(), mass.options(), mass.type())
                    : operations.moveUnder(mass.from(), mass.requireTo(), mass.options(), mass.type());
            case EDIT -> all ? operations.editAllUnder(mass.from(), mass.requireChange(), mass.options(), mass.type())
                    : operations.editUnder(mass.from(), mass.requireChange(), mass.options(), mass.type());
            default -> throw new IllegalStateException(mass.operation() + " is not a mass operation");
        };
    }

    @Override
    public ReactiveDynamoDbQueryMethod getQueryMethod() {
        return (ReactiveDynamoDbQueryMethod) planned.getQueryMethod();
    }
}
