package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;
import java.util.Set;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/** What the fluent forms of a query by example (blocking and reactive) accept besides the read itself. */
final class ExampleResults {

    private ExampleResults() {
    }

    /** @throws InvalidDataAccessApiUsageException when the type cannot hold every row the example reads */
    static void requireHolds(Class<?> resultType, Set<? extends Class<?>> classes) {
        if (!classes.stream().allMatch(resultType::isAssignableFrom)) {
            throw new InvalidDataAccessApiUsageException("Query by example: as(" + resultType.getSimpleName()
                    + ") cannot hold the rows it reads, " + classes.stream().map(Class::getSimpleName).toList()
                    + "; a query by example returns whole entities. Fix: name a supertype of them, or declare a "
                    + "query method returning the projection (see the module README, Projections)");
        }
    }

    /** @return the refusal of {@code project(...)}: a repository returns whole entities */
    static InvalidDataAccessApiUsageException projectionRefused(Collection<String> properties) {
        return new InvalidDataAccessApiUsageException("Query by example: project(" + String.join(", ", properties)
                + ") would read entities in part, and an entity saved back from one would lose the attributes not "
                + "read; a repository returns whole entities. Fix: drop project(...), or declare a query method "
                + "returning a projection (see the module README, Projections)");
    }

    /** @return the limit, 0 or more (0 for none) */
    static int requireLimit(int max) {
        if (max < 0) {
            throw new InvalidDataAccessApiUsageException("Query by example: limit(" + max + ") is negative; give "
                    + "the most rows to return");
        }
        return max;
    }
}
