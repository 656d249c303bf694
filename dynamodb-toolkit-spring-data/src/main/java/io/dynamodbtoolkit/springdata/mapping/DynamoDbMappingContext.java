package io.dynamodbtoolkit.springdata.mapping;

import org.springframework.data.mapping.context.AbstractMappingContext;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.core.TypeInformation;

/**
 * Spring Data's mapping metadata for entities stored through dynamodb-toolkit adapters: plain classes and records,
 * with no AWS annotations. Share one per application (the repositories and the auditing handler use the same).
 */
public class DynamoDbMappingContext
        extends AbstractMappingContext<DynamoDbPersistentEntity<?>, DynamoDbPersistentProperty> {

    /** A context with the default conversions: the store's simple types only. */
    public DynamoDbMappingContext() {
        this(new DynamoDbCustomConversions());
    }

    /** @param conversions the conversions whose simple types are stored as single attribute values */
    public DynamoDbMappingContext(DynamoDbCustomConversions conversions) {
        setSimpleTypeHolder(conversions.getSimpleTypeHolder());
    }

    @Override
    protected <T> DynamoDbPersistentEntity<?> createPersistentEntity(TypeInformation<T> typeInformation) {
        return new DynamoDbPersistentEntity<>(typeInformation);
    }

    @Override
    protected DynamoDbPersistentProperty createPersistentProperty(Property property,
            DynamoDbPersistentEntity<?> owner, SimpleTypeHolder simpleTypeHolder) {
        return new DynamoDbPersistentProperty(property, owner, simpleTypeHolder);
    }
}
