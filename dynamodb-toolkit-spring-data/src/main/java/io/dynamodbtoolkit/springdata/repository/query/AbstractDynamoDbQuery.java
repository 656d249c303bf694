package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Set;
import java.util.function.Supplier;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.core.PlannedRead;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * The skeleton of every query method of a repository, one call at a time: the call's arguments (a
 * {@link DynamoDbParameterAccessor}), then its {@link Source} (what the arguments read: a key seek's pages with the
 * classes its rows come as; or what they run: a mass operation, an atomic update), then the result in the method's
 * shape and projection ({@link ResultShape}, {@link ResultProjection}). Subclasses decide the source; what a method
 * reads is planned and checked when it is created, at start-up.
 *
 * @param <T> the domain type
 */
abstract class AbstractDynamoDbQuery<T> implements RepositoryQuery {

    private final DynamoDbQueryMethod method;
    private final QueryContext<T> context;
    private final ResultShape shape;
    private final ResultProjection projection;

    /**
     * @param method     the method
     * @param context    the repository
     * @param shape      what the method returns
     * @param projection the type it returns its rows as
     */
    AbstractDynamoDbQuery(DynamoDbQueryMethod method, QueryContext<T> context, ResultShape shape,
            ResultProjection projection) {
        this.method = method;
        this.context = context;
        this.shape = shape;
        this.projection = projection;
    }

    @Override
    public final Object execute(Object[] values) {
        DynamoDbParameterAccessor accessor = new DynamoDbParameterAccessor(method.getParameters(), values);
        Source<T> source = source(accessor);
        if (source instanceof Run<T> run) {
            return run.operation().get();
        }
        if (source instanceof MassCall<T> mass) {
            return mass.runOn(context.operations());
        }
        Read<T> read = (Read<T>) source;
        projection.requireFits(accessor, read.classes(), read.reach());
        return projection.project(shape.execute(read.read().on(context.operations()), read.options(), accessor,
                read.limit()), shape, accessor);
    }

    /**
     * @param accessor the call's arguments
     * @return what the call reads, or runs
     * @throws org.springframework.dao.DataAccessException when the arguments cannot make a key seek (a null key
     *                                                     value, a sort no key order serves, a key of another scope)
     */
    abstract Source<T> source(DynamoDbParameterAccessor accessor);

    @Override
    public DynamoDbQueryMethod getQueryMethod() {
        return method;
    }

    /** @return the repository */
    QueryContext<T> context() {
        return context;
    }

    /** @return what the method returns */
    ResultShape shape() {
        return shape;
    }

    /** @return the type the method returns its rows as */
    ResultProjection projection() {
        return projection;
    }

    /**
     * What one call reads, or runs.
     *
     * @param <T> the domain type
     */
    sealed interface Source<T> permits Read, Run, MassCall {
    }

    /**
     * A read of rows, a page per fetch.
     *
     * @param read    what is read, run by either template (the pages)
     * @param options the read's direction and filter (the shape adds limits, cursors and offsets)
     * @param classes the classes its rows come as (checked against a dynamic projection)
     * @param reach   what it reads, for messages
     * @param limit   the method's own limit ({@code findFirst10By...}), or 0
     * @param <T>     the domain type
     */
    record Read<T>(PlannedRead<T> read, ListOptions options, Set<? extends Class<?>> classes, String reach, int limit)
            implements Source<T> {
    }

    /**
     * A write the call runs, an atomic update: its result (the row as written, or nothing) is the method's result as
     * it is. (A mass operation is a {@link MassCall}.)
     *
     * @param operation runs it
     * @param <T>       the domain type
     */
    record Run<T>(Supplier<?> operation) implements Source<T> {
    }
}
