package io.dynamodbtoolkit.springdata.repository.support;

import java.util.Collection;

import org.springframework.dao.InvalidDataAccessApiUsageException;

/** What the fluent forms of a query by example (blocking and reactive) accept besides the read itself. */
final class ExampleResults {

    private ExampleResults() {
    }

    /**
     * @return the refusal of {@code project(...)}: the module reads whole items only (entities read in part would reach
     *         callbacks and projections with properties missing, and a partial entity saved back would lose what was
     *         not read)
     */
    static InvalidDataAccessApiUsageException projectionRefused(Collection<String> properties) {
        return new InvalidDataAccessApiUsageException("Query by example: project(" + String.join(", ", properties)
                + ") would read entities in part, and the toolkit reads whole items only (a partial entity saved back "
                + "would lose the attributes not read). Fix: drop project(...) and return the rows as a projection "
                + "with as(...): an interface of the properties wanted (getters) or a DTO class or record; the rows "
                + "are read whole and converted (see the module README, Projections)");
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
