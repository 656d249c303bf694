package io.dynamodbtoolkit.springdata.mapping;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How an entity's {@code @Id} property maps onto the adapter's key fields: a simple {@code @Id} is the single key
 * field (stored under the key field's name), an {@code @Id} of a key class (a record of key fields, e.g.
 * {@code VehicleKey(state, facility, vin)}) is unwrapped into the key field attributes. An entity without
 * {@code @Id} simply has properties named after the key fields.
 */
public final class IdMapping {

    private final String idAttribute;
    private final @Nullable String keyField;
    private final @Nullable List<String> keyClassAttributes;

    private IdMapping(String idAttribute, @Nullable String keyField, @Nullable List<String> keyClassAttributes) {
        this.idAttribute = idAttribute;
        this.keyField = keyField;
        this.keyClassAttributes = keyClassAttributes;
    }

    /**
     * @return the mapping of a class's {@code @Id} property, or null when it needs none
     * @throws DeclarationException when the {@code @Id} property cannot be the key
     */
    public static @Nullable IdMapping of(DynamoDbPersistentEntity<?> entity, KeyModel keys,
            DynamoDbMappingContext context) {
        DynamoDbPersistentProperty id = entity.getIdProperty();
        if (id == null) {
            return null;
        }
        List<String> keyFields = keys.keyFields().stream().map(KeyField::name).toList();
        String property = entity.getType().getName() + "." + id.getName();
        if (!id.isEntity()) {
            if (keyFields.contains(id.attributeName())) {
                return null;
            }
            if (keyFields.size() > 1) {
                throw new DeclarationException(property, "a simple @Id stands for the single key field, but the key "
                        + "fields are " + keyFields, "make the @Id a key class with one property per key field, "
                        + "or drop @Id and name properties after the key fields");
            }
            return new IdMapping(id.attributeName(), keyFields.get(0), null);
        }
        List<String> attributes = new ArrayList<>();
        for (DynamoDbPersistentProperty component : context.getRequiredPersistentEntity(id.getTypeInformation())) {
            if (!keyFields.contains(component.attributeName())) {
                throw new DeclarationException(property, "key class property '" + component.getName() + "' is not a "
                        + "key field " + keyFields, "name the key class's properties after the key fields");
            }
            if (entity.getPersistentProperty(component.attributeName()) != null) {
                throw new DeclarationException(property, "key field '" + component.attributeName() + "' is both in "
                        + "the @Id key class and a property of the entity", "keep it in one place");
            }
            attributes.add(component.attributeName());
        }
        return new IdMapping(id.attributeName(), null, attributes);
    }

    /**
     * @return the key field a simple {@code @Id} is stored in; null for an {@code @Id} of a key class, whose properties
     *         are each stored in the key field they are named after
     */
    public @Nullable String keyField() {
        return keyField;
    }

    /** @return whether the id provides a key field */
    boolean covers(String field) {
        return field.equals(keyField) || keyClassAttributes != null && keyClassAttributes.contains(field);
    }

    /** Moves the id's attribute(s) to the key fields, in written attributes. */
    void toKeyFields(Map<String, AttributeValue> attributes) {
        AttributeValue id = attributes.remove(idAttribute);
        if (id == null || Boolean.TRUE.equals(id.nul())) {
            return;
        }
        if (keyField != null) {
            attributes.put(keyField, id);
        } else if (id.hasM()) {
            attributes.putAll(id.m());
        }
    }

    /** @return stored attributes with the key fields gathered into the id's attribute, for reading */
    Map<String, AttributeValue> fromKeyFields(Map<String, AttributeValue> stored) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(stored);
        if (keyField != null) {
            AttributeValue value = stored.get(keyField);
            if (value != null) {
                item.put(idAttribute, value);
            }
            return item;
        }
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        Objects.requireNonNull(keyClassAttributes,
                "an id of a key class has its attributes").stream().filter(stored::containsKey).forEach(name -> key
                        .put(name, stored.get(name)));
        item.put(idAttribute, AttributeValue.fromM(key));
        return item;
    }
}
