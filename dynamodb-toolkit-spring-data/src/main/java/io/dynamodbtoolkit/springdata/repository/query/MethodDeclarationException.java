package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;

import io.dynamodbtoolkit.DeclarationException;

/**
 * A repository method cannot work as declared; its {@link #property()} is the method as people read it
 * ({@code RentalRepository.findUnder(String, String)}), so a failure analysis can label it a method rather than a
 * property.
 */
public class MethodDeclarationException extends DeclarationException {

    /** The repository interface. */
    private final transient Class<?> repositoryInterface;
    /** The method. */
    private final transient Method method;

    /**
     * @param repositoryInterface the repository interface
     * @param method              the method
     * @param problem             what is wrong
     * @param fix                 what to do
     */
    public MethodDeclarationException(Class<?> repositoryInterface, Method method, String problem, String fix) {
        super(DynamoDbQueryMethod.describe(repositoryInterface, method), problem, fix);
        this.repositoryInterface = repositoryInterface;
        this.method = method;
    }

    /** @return the repository interface */
    public Class<?> repositoryInterface() {
        return repositoryInterface;
    }

    /** @return the method */
    public Method method() {
        return method;
    }
}
