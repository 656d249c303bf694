package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/**
 * A query method of a dynamodb-toolkit repository, with what its declaration allows. Besides Spring Data's result
 * types it may return the adapter's {@link ItemPage}, paged by a {@code ListOptions} parameter
 * ({@link ItemPageParameters}).
 */
public class DynamoDbQueryMethod extends QueryMethod {

    private final Method method;
    private final Class<?> repositoryInterface;
    private final Class<?> repositoryDomainType;
    private final @Nullable Class<?> itemPageElementType;
    private final ProjectionFactory projectionFactory;

    /**
     * @param method   the method
     * @param metadata the repository's metadata
     * @param factory  the projection factory
     * @throws DeclarationException when an {@link ItemPage} result or a {@code ListOptions} parameter is declared
     *                              in a way that cannot work
     */
    public DynamoDbQueryMethod(Method method, RepositoryMetadata metadata, ProjectionFactory factory) {
        super(ItemPageParameters.check(method, metadata.getRepositoryInterface()), metadata, factory,
                DynamoDbParameters::new);
        this.method = method;
        this.projectionFactory = factory;
        this.repositoryInterface = metadata.getRepositoryInterface();
        this.repositoryDomainType = metadata.getDomainType();
        this.itemPageElementType = getParameters().itemPageElementType();
    }

    /** @return the repository's projection factory (interface projections, closed and open) */
    public ProjectionFactory projectionFactory() {
        return projectionFactory;
    }

    /** @return the Java method */
    public Method method() {
        return method;
    }

    @Override
    public DynamoDbParameters getParameters() {
        return (DynamoDbParameters) super.getParameters();
    }

    /** @return whether the method returns the adapter's {@link ItemPage} */
    public boolean returnsItemPage() {
        return itemPageElementType != null;
    }

    /**
     * @return the type of the items the method returns: the element type of a collection, stream, slice, page,
     *         window or {@link ItemPage}, else the returned type; a domain type, one of its tier classes, a
     *         projection of them, or {@code Object} when a {@code Class} argument gives the projection
     */
    public Class<?> elementType() {
        return returnsItemPage() ? itemPageElementType() : getReturnedObjectType();
    }

    /** @return the entity type the method's conditions refer to (its element type when that is a domain type) */
    public Class<?> domainClass() {
        if (!returnsItemPage()) {
            return getDomainClass();
        }
        return repositoryDomainType.isAssignableFrom(itemPageElementType()) ? itemPageElementType()
                : repositoryDomainType;
    }

    private Class<?> itemPageElementType() {
        return Objects.requireNonNull(itemPageElementType, "a method returning an ItemPage has its element type");
    }

    /** @return whether the method may read items it does not return ({@link AllowScan @AllowScan}) */
    public boolean allowsScan() {
        return AnnotatedElementUtils.hasAnnotation(method, AllowScan.class);
    }

    /** @return the method for messages, e.g. {@code RentalRepository.findUnder(String, String)} */
    public String describe() {
        return describe(repositoryInterface, method);
    }

    /** @return a start-up failure of this method's declaration */
    public DeclarationException declarationError(String problem, String fix) {
        return new MethodDeclarationException(repositoryInterface, method, problem, fix);
    }

    /** @return a method of a repository for messages, e.g. {@code RentalRepository.findUnder(String, String)} */
    static String describe(Class<?> repository, Method method) {
        return repository.getSimpleName() + "." + method.getName() + "(" + Arrays.stream(method.getParameterTypes())
                .map(Class::getSimpleName).collect(Collectors.joining(", ")) + ")";
    }
}
