package io.dynamodbtoolkit.springbatch.job;

import java.util.function.UnaryOperator;

/**
 * A change of entities that a ready job applies, defined by the application as a bean and named by the job's
 * {@code edit} ({@code editAllUnder}) or {@code change} ({@code cloneMatching}, {@code moveMatching}) parameter. The
 * entities are mapped by the adapter's template (its converter and entity callbacks), and the change is audited as
 * the template's mass edits are. For a copy or a move, the key the changed entity's key fields give is where it is
 * written; it must stay within the job's scope.
 *
 * @param <T> the entity class
 */
public interface EntityChange<T> extends UnaryOperator<T> {

    /** @return the entity class the items are read into */
    Class<T> entityClass();

    /**
     * @param entityClass the entity class
     * @param change      the change
     * @return a change of that class
     */
    static <T> EntityChange<T> of(Class<T> entityClass, UnaryOperator<T> change) {
        return new EntityChange<>() {
            @Override
            public Class<T> entityClass() {
                return entityClass;
            }

            @Override
            public T apply(T entity) {
                return change.apply(entity);
            }
        };
    }
}
