package io.dynamodbtoolkit.springdata.mapping;

import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.mapping.model.BasicPersistentEntity;
import org.springframework.data.support.IsNewStrategy;
import org.springframework.data.core.TypeInformation;

/**
 * An entity class stored in DynamoDB: its properties and how to tell whether an instance is new.
 *
 * @param <T> the entity type
 */
public class DynamoDbPersistentEntity<T> extends BasicPersistentEntity<T, DynamoDbPersistentProperty> {

    /** @param information the entity's type */
    public DynamoDbPersistentEntity(TypeInformation<T> information) {
        super(information);
    }

    /**
     * Entities have no single identifier (their identity is the adapter's key fields), so "new" is decided by the
     * {@code @Version} property when there is one (null or 0), else by a {@code @CreatedDate} property (null), else
     * every instance counts as new. Auditing uses this to tell a creation from a modification.
     */
    @Override
    protected IsNewStrategy getFallbackIsNewStrategy() {
        if (hasVersionProperty()) {
            return super.getFallbackIsNewStrategy();
        }
        DynamoDbPersistentProperty createdDate = getPersistentProperty(CreatedDate.class);
        if (createdDate != null) {
            return entity -> getPropertyAccessor(entity).getProperty(createdDate) == null;
        }
        return entity -> true;
    }
}
