package io.dynamodbtoolkit.springdata.mapping;

import org.springframework.data.mapping.Association;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.model.AnnotationBasedPersistentProperty;
import org.springframework.data.mapping.model.Property;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.util.Lazy;

/**
 * A property of an entity stored in DynamoDB: stored in the attribute of its name, or of the name given by
 * {@link Attribute @Attribute}.
 */
public class DynamoDbPersistentProperty extends AnnotationBasedPersistentProperty<DynamoDbPersistentProperty> {

    private final Lazy<String> attributeName = Lazy.of(() -> {
        Attribute attribute = findAnnotation(Attribute.class);
        return attribute == null || attribute.value().isBlank() ? getName() : attribute.value();
    });

    /**
     * @param property         the property
     * @param owner            the entity declaring it
     * @param simpleTypeHolder the types stored as single attribute values
     */
    public DynamoDbPersistentProperty(Property property, PersistentEntity<?, DynamoDbPersistentProperty> owner,
            SimpleTypeHolder simpleTypeHolder) {
        super(property, owner, simpleTypeHolder);
    }

    /** @return the name of the attribute holding this property */
    public String attributeName() {
        return attributeName.get();
    }

    @Override
    protected Association<DynamoDbPersistentProperty> createAssociation() {
        return new Association<>(this, null);
    }
}
