package io.dynamodbtoolkit.springdata.mapping;

import java.util.Map;
import java.util.Objects;

import org.springframework.core.convert.ConversionService;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.data.mapping.MappingException;
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
    public AttributeValue writeValue(Object value) {
        return writer.writeValue(value);
    }

    /** @return the value read into {@code type} */
    public Object readValue(AttributeValue value, TypeInformation<?> type) {
        return reader.readValue(value, type);
    }
}
