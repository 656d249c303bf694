package io.dynamodbtoolkit.springdata.mapping;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.key.InvalidKeyException;

import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.data.mapping.MappingException;
import org.springframework.util.ClassUtils;
import org.springframework.data.core.TypeInformation;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts entities to DynamoDB attribute maps and back with Spring Data's mapping metadata: plain classes and
 * records, no AWS annotations. Properties are stored under their names (or {@link Attribute @Attribute}),
 * {@code @Transient} properties are skipped, values go through the {@link DynamoDbCustomConversions}, nested objects
 * become maps and collections lists or sets. Thread-safe; share one per application.
 */
public class MappingDynamoDbConverter {

    private final DynamoDbMappingContext mappingContext;
    private final DynamoDbCustomConversions conversions;
    private final ConversionService conversionService;
    private final AttributeWriter writer;
    private final AttributeReader reader;

    /** @param mappingContext the mapping metadata; values are converted with the default conversions */
    public MappingDynamoDbConverter(DynamoDbMappingContext mappingContext) {
        this(mappingContext, new DynamoDbCustomConversions());
    }

    /**
     * @param mappingContext the mapping metadata (made with the same conversions, so both agree on simple types)
     * @param conversions    the value conversions
     */
    public MappingDynamoDbConverter(DynamoDbMappingContext mappingContext, DynamoDbCustomConversions conversions) {
        this.mappingContext = Objects.requireNonNull(mappingContext, "mappingContext");
        this.conversions = Objects.requireNonNull(conversions, "conversions");
        DefaultConversionService service = new DefaultConversionService();
        // an enum is stored by name: a number is no enum value (Spring's default would take it as an ordinal)
        service.removeConvertible(Integer.class, Enum.class);
        conversions.registerConvertersIn(service);
        this.conversionService = service;
        this.writer = new AttributeWriter(mappingContext, conversions, service);
        this.reader = new AttributeReader(mappingContext, conversions, service);
    }

    /** @return the mapping metadata */
    public DynamoDbMappingContext getMappingContext() {
        return mappingContext;
    }

    /** @return the custom conversions */
    public DynamoDbCustomConversions getCustomConversions() {
        return conversions;
    }

    /** @return the conversion service holding the custom conversions */
    public ConversionService getConversionService() {
        return conversionService;
    }

    /**
     * @param entity      the entity
     * @param ignoreNulls whether null properties are left out rather than written as DynamoDB nulls
     * @return the entity's attributes, by attribute name
     */
    public Map<String, AttributeValue> write(Object entity, boolean ignoreNulls) {
        return writer.writeEntity(Objects.requireNonNull(entity, "entity"), ignoreNulls);
    }

    /**
     * @param type       the entity class to create
     * @param attributes the stored attributes
     * @return the entity
     * @throws MappingException when a value cannot be read into its property's type
     */
    public <T> T read(Class<T> type, Map<String, AttributeValue> attributes) {
        return type.cast(reader.readEntity(mappingContext.getRequiredPersistentEntity(type), attributes));
    }

    /**
     * @param entity     the mapping metadata of the entity class to create
     * @param attributes the stored attributes
     * @return the entity
     * @throws MappingException when a value cannot be read into its property's type
     */
    public <T> T read(DynamoDbPersistentEntity<T> entity, Map<String, AttributeValue> attributes) {
        return reader.readEntity(entity, attributes);
    }

    /**
     * Converts a single value as a property of its type would be written (used for key values and patches).
     *
     * @return the attribute value; a DynamoDB null for null; null for an empty set
     */
    public @Nullable AttributeValue writeValue(@Nullable Object value) {
        return writer.writeValue(value);
    }

    /**
     * Converts a key value (a key field's value given to a key seek, a subtree read or a mass operation) as a property
     * of its type would be written.
     *
     * @throws InvalidKeyException when the value cannot be converted (e.g. an instant outside the years the stored
     *                             form holds)
     */
    public @Nullable AttributeValue writeKeyValue(Object value) {
        try {
            return writer.writeValue(value);
        } catch (InvalidKeyException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new InvalidKeyException("The key value " + value + " cannot be written: " + e.getMessage());
        }
    }

    /**
     * Converts a value to be written to an attribute of an entity (a patch's change): first to the type of the
     * property stored there, when one of the candidate entity types has one and the value is not of it already, then
     * as that property would be written, so that a patch stores what a whole write would.
     *
     * @param entityTypes   the classes the item may be read into
     * @param attributeName the attribute written
     * @param value         the value
     * @throws IllegalArgumentException when the value cannot be of the property's type (e.g. a number for an enum)
     */
    public @Nullable AttributeValue writePropertyValue(Collection<? extends Class<?>> entityTypes, String attributeName,
            Object value) {
        DynamoDbPersistentProperty property = entityTypes.stream().map(type -> propertyStoredAt(type, attributeName))
                .filter(Objects::nonNull).findFirst().orElse(null);
        if (property == null || value == null || ClassUtils.resolvePrimitiveIfNecessary(property.getType())
                .isInstance(value)) {
            return writeValue(value);
        }
        boolean simple = conversions.isSimpleType(property.getType());
        if (!conversionService.canConvert(value.getClass(), property.getType())) {
            if (simple) {
                throw new IllegalArgumentException("The " + value.getClass().getSimpleName() + " value " + value
                        + " cannot be stored as '" + attributeName + "', a " + property.getType().getSimpleName());
            }
            return writeValue(value); // a document (map, list) for an entity or collection property
        }
        try {
            return writeValue(conversionService.convert(value, property.getType()));
        } catch (ConversionException e) {
            throw new IllegalArgumentException("The value " + value + " cannot be stored as '" + attributeName
                    + "', a " + property.getType().getSimpleName(), e);
        }
    }

    private @Nullable DynamoDbPersistentProperty propertyStoredAt(Class<?> entityType, String attributeName) {
        DynamoDbPersistentEntity<?> entity = mappingContext.getPersistentEntity(entityType);
        if (entity == null) {
            return null;
        }
        for (DynamoDbPersistentProperty property : entity) {
            if (property.attributeName().equals(attributeName)) {
                return property;
            }
        }
        return null;
    }

    /** @return the value read into {@code type} */
    public @Nullable Object readValue(AttributeValue value, TypeInformation<?> type) {
        return reader.readValue(value, type);
    }
}
