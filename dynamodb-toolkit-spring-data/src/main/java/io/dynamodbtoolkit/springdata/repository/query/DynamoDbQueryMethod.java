package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryMethod;

/** A query method of a dynamodb-toolkit repository, with what its declaration allows. */
public class DynamoDbQueryMethod extends QueryMethod {

    private final Method method;
    private final Class<?> repositoryInterface;

    /**
     * @param method   the method
     * @param metadata the repository's metadata
     * @param factory  the projection factory
     */
    public DynamoDbQueryMethod(Method method, RepositoryMetadata metadata, ProjectionFactory factory) {
        super(method, metadata, factory, null);
        this.method = method;
        this.repositoryInterface = metadata.getRepositoryInterface();
    }

    /** @return the Java method */
    public Method method() {
        return method;
    }

    /** @return the entity type the method's conditions refer to (its element type when that is a domain type) */
    public Class<?> domainClass() {
        return getDomainClass();
    }

    /** @return whether the method may read items it does not return ({@link AllowScan @AllowScan}) */
    public boolean allowsScan() {
        return AnnotatedElementUtils.hasAnnotation(method, AllowScan.class);
    }

    /** @return the method for messages, e.g. {@code RentalRepository.findUnder(String, String)} */
    public String describe() {
        return repositoryInterface.getSimpleName() + "." + method.getName() + "(" + Arrays.stream(
                method.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(", ")) + ")";
    }

    /** @return a start-up failure of this method's declaration */
    public DeclarationException declarationError(String problem, String fix) {
        return new DeclarationException(describe(), problem, fix);
    }
}
