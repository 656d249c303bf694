package io.dynamodbtoolkit.springdata.repository.support;

import io.dynamodbtoolkit.key.KeyValues;
import org.springframework.data.repository.core.EntityInformation;

/**
 * Entity metadata of a repository: an entity's identifier is its key values (its key fields, contiguous from the
 * first); it is new when its {@code @Version} (else {@code @CreatedDate}) is unset.
 *
 * @param <T> the domain type
 */
public final class DynamoDbEntityInformation<T> implements EntityInformation<T, KeyValues> {

    private final BoundAdapter<T> bound;

    /** @param bound the repository's adapter */
    public DynamoDbEntityInformation(BoundAdapter<T> bound) {
        this.bound = bound;
    }

    @Override
    public boolean isNew(T entity) {
        return bound.converter().getMappingContext().getRequiredPersistentEntity(entity.getClass()).isNew(entity);
    }

    @Override
    public KeyValues getId(T entity) {
        return bound.keyOf(entity);
    }

    @Override
    public Class<KeyValues> getIdType() {
        return KeyValues.class;
    }

    @Override
    public Class<T> getJavaType() {
        return bound.tiers().domainType();
    }
}
