package io.dynamodbtoolkit.springdata.repository.query;

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
            return mass.runOn(operations);
        }
        if (!(source instanceof AbstractDynamoDbQuery.Read<T> read)) {
            // an atomic update of a reactive repository is a ReactiveAtomicUpdateQuery, never planned here
            throw new IllegalStateException("A reactive query method runs reads and mass operations, not " + source);
        }
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

    @Override
    public ReactiveDynamoDbQueryMethod getQueryMethod() {
        return (ReactiveDynamoDbQueryMethod) planned.getQueryMethod();
    }
}
