package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;

import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.RepositoryMetadata;
import reactor.core.publisher.Flux;

/**
 * A query method of a reactive repository: a {@link DynamoDbQueryMethod} whose result comes as a {@code Flux} of rows
 * or a {@code Mono} of anything read with one call ({@link ReactiveReturnTypes}), the shape read inside it planned as
 * for the blocking method that returns the same thing unwrapped.
 */
public class ReactiveDynamoDbQueryMethod extends DynamoDbQueryMethod {

    private final boolean returnsFlux;

    /**
     * @param method   the method
     * @param metadata the repository's metadata
     * @param factory  the projection factory
     * @throws io.dynamodbtoolkit.DeclarationException when the method returns something other than a {@code Flux} of
     *                                                 rows or a {@code Mono}, or declares its paging in a way that
     *                                                 cannot work
     */
    public ReactiveDynamoDbQueryMethod(Method method, RepositoryMetadata metadata, ProjectionFactory factory) {
        super(ReactiveReturnTypes.check(method, metadata.getRepositoryInterface()), metadata, factory);
        this.returnsFlux = Flux.class.equals(method.getReturnType());
    }

    /** @return whether the method returns a {@code Flux} of rows (else a {@code Mono}) */
    public boolean returnsFlux() {
        return returnsFlux;
    }

    /** @return whether the method returns rows as a {@code Flux}, read page by page as they are consumed */
    @Override
    public boolean isCollectionQuery() {
        return returnsFlux && !isSliceQuery() && !isPageQuery() && !isScrollQuery();
    }

    /** @return false: a reactive method's rows are a {@code Flux}, never a {@code Stream} */
    @Override
    public boolean isStreamQuery() {
        return false;
    }
}
