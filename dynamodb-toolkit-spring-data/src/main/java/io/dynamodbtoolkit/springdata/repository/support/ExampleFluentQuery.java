package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.core.ItemSource;
import io.dynamodbtoolkit.springdata.core.PagedReads;
import io.dynamodbtoolkit.springdata.repository.query.ExampleRead;
import io.dynamodbtoolkit.springdata.repository.query.RowProjection;
import io.dynamodbtoolkit.springdata.repository.query.RowProjections;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.query.FluentQuery;

/**
 * The fluent form of a query by example ({@code findBy(example, query -> query.page(pageable))}) on the blocking
 * template: the example's key seek ({@link ExampleRead}) shaped as the repository's other reads are
 * ({@link PagedReads}). A sort must be the seek's key order; {@code as(type)} returns the rows as a supertype of
 * them, an interface projection or a DTO ({@link RowProjections}, read whole and converted); {@code project(...)} is
 * refused: a repository never reads entities in part.
 *
 * @param <T> the domain type
 * @param <S> the type the rows are returned as
 */
final class ExampleFluentQuery<T, S> implements FluentQuery.FetchableFluentQuery<S> {

    private final ExampleRead<T> read;
    private final DynamoDbToolkitOperations operations;
    private final RowProjections projections;
    private final RowProjection<S> projection;
    private final Sort sort;
    private final int limit;

    /**
     * @param read        the example's read
     * @param operations  the template it runs on
     * @param projections the projections of the repository's rows
     * @param projection  the type rows are returned as, checked against the read
     * @param sort        the order asked for (unsorted for key order)
     * @param limit       the most rows to return, 0 for all
     */
    ExampleFluentQuery(ExampleRead<T> read, DynamoDbToolkitOperations operations, RowProjections projections,
            RowProjection<S> projection, Sort sort, int limit) {
        this.read = read;
        this.operations = operations;
        this.projections = projections;
        this.projection = projection;
        this.sort = sort;
        this.limit = limit;
    }

    @Override
    public FetchableFluentQuery<S> sortBy(Sort more) {
        return new ExampleFluentQuery<>(read, operations, projections, projection, sort.and(more), limit);
    }

    @Override
    public FetchableFluentQuery<S> limit(int max) {
        return new ExampleFluentQuery<>(read, operations, projections, projection, sort,
                ExampleResults.requireLimit(max));
    }

    @Override
    public <R> FetchableFluentQuery<R> as(Class<R> resultType) {
        RowProjection<R> asked = projections.to(resultType);
        read.requireReturnableAs(asked);
        return new ExampleFluentQuery<>(read, operations, projections, asked, sort, limit);
    }

    @Override
    public FetchableFluentQuery<S> project(Collection<String> properties) {
        throw ExampleResults.projectionRefused(properties);
    }

    @Override
    public @Nullable S oneValue() {
        return PagedReads.single(source(), read.options(sort));
    }

    @Override
    public @Nullable S firstValue() {
        List<S> first = PagedReads.list(source(), read.options(sort), 1);
        return first.isEmpty() ? null : first.get(0);
    }

    @Override
    public List<S> all() {
        return PagedReads.list(source(), read.options(sort), limit);
    }

    @Override
    public Window<S> scroll(ScrollPosition position) {
        return PagedReads.window(source(), read.options(sort), position, limit == 0 ? Limit.unlimited()
                : Limit.of(limit));
    }

    @Override
    public Page<S> page(Pageable pageable) {
        Sort pageSort = pageable.getSort().and(sort);
        return PagedReads.page(source(pageSort), read.options(pageSort), pageable);
    }

    @Override
    public Slice<S> slice(Pageable pageable) {
        Sort pageSort = pageable.getSort().and(sort);
        return PagedReads.slice(source(pageSort), read.options(pageSort), pageable);
    }

    @Override
    public Stream<S> stream() {
        return PagedReads.stream(source(), read.options(sort), limit);
    }

    @Override
    public long count() {
        return PagedReads.count(source(), read.options(Sort.unsorted()));
    }

    @Override
    public boolean exists() {
        return PagedReads.exists(source(), read.options(Sort.unsorted()));
    }

    /**
     * @param caller the caller's options: page size, cursor, direction, offset, total, consistency
     * @return one page as the adapter returns it, with its cost
     */
    ItemPage<S> itemPage(ListOptions caller) {
        return PagedReads.itemPage(source(), read.options(Sort.unsorted()), caller);
    }

    private ItemSource<S> source() {
        return source(sort);
    }

    /** @return the rows, each as {@code S}: {@link #as} checked that every row read can be returned as one */
    private ItemSource<S> source(Sort order) {
        return read.read(order).on(operations).map(projection::convert);
    }
}
