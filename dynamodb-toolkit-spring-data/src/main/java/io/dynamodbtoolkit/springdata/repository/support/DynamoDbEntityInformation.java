package io.dynamodbtoolkit.springdata.repository.support;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import org.springframework.data.repository.core.EntityInformation;

/**
 * Entity metadata of a repository: an entity's identifier is its key values (its key fields, contiguous from the
 * first); it is new when its {@code @Version} (else {@code @CreatedDate}) is unset.
 *
 * @param <T> the domain type
 */
public final class DynamoDbEntityInformation<T> implements EntityInformation<T, KeyValues> {

    private final DynamoDbToolkitOperations operations;
    private final Class<T> domainType;

    /**
     * Binds the domain type to the template now, so that its tier classes are checked against the key design at
     * start-up.
     *
     * @param operations the template the repository is built on
     * @param domainType the repository's domain type
     * @throws io.dynamodbtoolkit.DeclarationException when the domain type cannot be mapped under the key design
     */
    public DynamoDbEntityInformation(DynamoDbToolkitOperations operations, Class<T> domainType) {
        this.operations = operations;
        this.domainType = operations.getTierClasses(domainType).domainType();
    }

    @Override
    public boolean isNew(T entity) {
        return operations.getConverter().getMappingContext().getRequiredPersistentEntity(entity.getClass())
                .isNew(entity);
    }

    @Override
    public KeyValues getId(T entity) {
        return operations.keyOf(entity);
    }

    @Override
    public Class<KeyValues> getIdType() {
        return KeyValues.class;
    }

    @Override
    public Class<T> getJavaType() {
        return domainType;
    }
}
