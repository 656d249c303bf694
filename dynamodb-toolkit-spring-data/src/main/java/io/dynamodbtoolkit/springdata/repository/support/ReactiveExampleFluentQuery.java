package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.function.BiFunction;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ReactiveItemSource;
import io.dynamodbtoolkit.springdata.core.ReactivePagedReads;
import io.dynamodbtoolkit.springdata.repository.query.ExampleRead;
import io.dynamodbtoolkit.springdata.repository.query.QueryContext;
import io.dynamodbtoolkit.springdata.repository.query.RowProjection;
import io.dynamodbtoolkit.springdata.repository.query.RowProjections;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.query.FluentQuery;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The fluent form of a query by example on the reactive template: planned as the blocking one
 * ({@link ExampleRead}, the same refusals) when subscribed, within the scope current then, and shaped by
 * {@link ReactivePagedReads}, its rows returned as {@code as(type)} asks ({@link RowProjections}). Nothing is thrown
 * when the query is built: a refusal (a type the rows cannot be returned as included) is an error signal.
 *
 * @param <T> the domain type
 * @param <S> the type the rows are returned as
 */
final class ReactiveExampleFluentQuery<T, S> implements FluentQuery.ReactiveFluentQuery<S> {

    private final QueryContext<T> context;
    private final Example<? extends T> example;
    private final ReactiveDynamoDbToolkitOperations operations;
    private final RowProjections projections;
    private final Class<S> resultType;
    private final Sort sort;
    private final int limit;
    private final @Nullable RuntimeException refusal;

    /**
     * @param context     the repository
     * @param example     the example
     * @param operations  the reactive template
     * @param projections the projections of the repository's rows
     * @param resultType  the type rows are returned as: the example's, or the one asked for with {@code as(...)}
     * @param sort        the order asked for (unsorted for key order)
     * @param limit       the most rows to return, 0 for all
     * @param refusal     what the query asked for that is refused, signalled by every result, or null
     */
    ReactiveExampleFluentQuery(QueryContext<T> context, Example<? extends T> example,
            ReactiveDynamoDbToolkitOperations operations, RowProjections projections, Class<S> resultType, Sort sort,
            int limit, @Nullable RuntimeException refusal) {
        this.context = context;
        this.example = example;
        this.operations = operations;
        this.projections = projections;
        this.resultType = resultType;
        this.sort = sort;
        this.limit = limit;
        this.refusal = refusal;
    }

    @Override
    public ReactiveFluentQuery<S> sortBy(Sort more) {
        return new ReactiveExampleFluentQuery<>(context, example, operations, projections, resultType,
                sort.and(more), limit, refusal);
    }

    @Override
    public ReactiveFluentQuery<S> limit(int max) {
        return new ReactiveExampleFluentQuery<>(context, example, operations, projections, resultType, sort, max,
                refusal);
    }

    @Override
    public <R> ReactiveFluentQuery<R> as(Class<R> type) {
        return new ReactiveExampleFluentQuery<>(context, example, operations, projections, type, sort, limit,
                refusal);
    }

    @Override
    public ReactiveFluentQuery<S> project(Collection<String> properties) {
        return new ReactiveExampleFluentQuery<>(context, example, operations, projections, resultType, sort,
                limit, ExampleResults.projectionRefused(properties));
    }

    @Override
    public Mono<S> one() {
        return mono(sort, ReactivePagedReads::single);
    }

    @Override
    public Mono<S> first() {
        return Flux.defer(() -> {
            Planned<T, S> planned = plan();
            return ReactivePagedReads.items(planned.source(operations, sort), planned.read().options(sort), 1);
        }).next();
    }

    @Override
    public Flux<S> all() {
        return Flux.defer(() -> {
            Planned<T, S> planned = plan();
            return ReactivePagedReads.items(planned.source(operations, sort), planned.read().options(sort), limit);
        });
    }

    @Override
    public Mono<Window<S>> scroll(ScrollPosition position) {
        return mono(sort, (source, options) -> ReactivePagedReads.window(source, options, position,
                limit == 0 ? Limit.unlimited() : Limit.of(limit)));
    }

    @Override
    public Mono<Page<S>> page(Pageable pageable) {
        return mono(pageable.getSort().and(sort), (source, options) -> ReactivePagedReads.page(source, options,
                pageable));
    }

    @Override
    public Mono<Slice<S>> slice(Pageable pageable) {
        return mono(pageable.getSort().and(sort), (source, options) -> ReactivePagedReads.slice(source, options,
                pageable));
    }

    @Override
    public Mono<Long> count() {
        return mono(Sort.unsorted(), ReactivePagedReads::count);
    }

    @Override
    public Mono<Boolean> exists() {
        return mono(Sort.unsorted(), ReactivePagedReads::exists);
    }

    /**
     * @param caller the caller's options: page size, cursor, direction, offset, total, consistency
     * @return one page as the adapter returns it, with its cost
     */
    Mono<ItemPage<S>> itemPage(ListOptions caller) {
        return mono(Sort.unsorted(), (source, options) -> ReactivePagedReads.itemPage(source, options, caller));
    }

    /** @return the result of one fetch of the read, planned when subscribed */
    private <R> Mono<R> mono(Sort order, BiFunction<ReactiveItemSource<S>, ListOptions, Mono<R>> fetch) {
        return Mono.defer(() -> {
            Planned<T, S> planned = plan();
            return fetch.apply(planned.source(operations, order), planned.read().options(order));
        });
    }

    /** @return the example's read and the type its rows are returned as, planned and checked now (when subscribed) */
    private Planned<T, S> plan() {
        if (refusal != null) {
            throw refusal;
        }
        ExampleResults.requireLimit(limit);
        ExampleRead<T> read = ExampleRead.of(context, example);
        RowProjection<S> projection = projections.to(resultType);
        read.requireReturnableAs(projection);
        return new Planned<>(read, projection);
    }

    /**
     * The plan of one subscription.
     *
     * @param read       the example's read
     * @param projection the type its rows are returned as, checked against the read
     */
    private record Planned<T, S>(ExampleRead<T> read, RowProjection<S> projection) {

        /** @return the rows, each as {@code S} */
        ReactiveItemSource<S> source(ReactiveDynamoDbToolkitOperations operations, Sort order) {
            return read.read(order).on(operations).map(projection::convert);
        }
    }
}
