package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Set;
import java.util.function.Function;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * The rows of a read returned as a type chosen at call time, as a fluent query's {@code as(type)} asks: the rows
 * themselves for an entity type, or a Spring Data projection of each (made by {@link RowProjections}). The type is
 * classified and checked against the classes a read returns as a query method's element type is ({@link ElementType},
 * {@link ElementTypes}).
 *
 * @param <R> the type rows are returned as
 */
public final class RowProjection<R> {

    private final ElementType element;
    private final Function<Object, Object> conversion;

    /**
     * @param element    the type, classified
     * @param conversion what makes a row into it
     */
    RowProjection(ElementType element, Function<Object, Object> conversion) {
        this.element = element;
        this.conversion = conversion;
    }

    /**
     * @param row a row read, of a class {@link #requireFits} accepted
     * @return the row as the type: itself for an entity type, else its projection
     */
    @SuppressWarnings("unchecked")
    public R convert(Object row) {
        return (R) conversion.apply(row);
    }

    /**
     * @param subject what reads the rows, for the message (e.g. "Query by example of Vehicle")
     * @param classes the classes the read returns rows as
     * @param reach   what the read reaches, for the message
     * @throws InvalidDataAccessApiUsageException naming the classes whose rows cannot be returned as the type, and why
     */
    void requireFits(String subject, Set<? extends Class<?>> classes, String reach) {
        String problem = ElementTypes.problem(element, classes, reach);
        if (problem != null) {
            throw new InvalidDataAccessApiUsageException(subject + ": as(" + element + "): " + problem.replaceFirst(
                    "^it ", "the query ") + ". Fix: pass a type every one of " + classes.stream()
                    .map(Class::getSimpleName).toList() + " can be returned as (a supertype of them, or an interface "
                    + "or DTO projection of properties they all have)");
        }
    }
}
