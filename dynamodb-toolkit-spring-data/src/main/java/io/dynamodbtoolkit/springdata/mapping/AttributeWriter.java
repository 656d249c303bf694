package io.dynamodbtoolkit.springdata.mapping;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.AttributeValues;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.core.convert.ConversionService;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.PropertyHandler;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Writes entities and values as DynamoDB attribute values: custom conversions first, then strings and enums as
 * {@code S}, numbers as {@code N}, booleans as {@code BOOL}, binaries as {@code B}, sets of one scalar kind as
 * {@code SS}/{@code NS}/{@code BS} (an empty set is left out: DynamoDB stores no empty sets), other collections and
 * arrays as {@code L}, maps and nested objects as {@code M}.
 */
final class AttributeWriter {

    private static final AttributeValue NULL = AttributeValue.fromNul(true);

    private final DynamoDbMappingContext mappingContext;
    private final DynamoDbCustomConversions conversions;
    private final ConversionService conversionService;

    AttributeWriter(DynamoDbMappingContext mappingContext, DynamoDbCustomConversions conversions,
            ConversionService conversionService) {
        this.mappingContext = mappingContext;
        this.conversions = conversions;
        this.conversionService = conversionService;
    }

    Map<String, AttributeValue> writeEntity(Object entity, boolean ignoreNulls) {
        DynamoDbPersistentEntity<?> persistent = mappingContext.getRequiredPersistentEntity(entity.getClass());
        PersistentPropertyAccessor<?> accessor = persistent.getPropertyAccessor(entity);
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        persistent.doWithProperties((PropertyHandler<DynamoDbPersistentProperty>) property -> {
            Object value = accessor.getProperty(property);
            if (value == null) {
                if (!ignoreNulls) {
                    item.put(property.attributeName(), NULL);
                }
                return;
            }
            AttributeValue written = writeValue(value);
            if (written != null) {
                item.put(property.attributeName(), written);
            }
        });
        return item;
    }

    /** @return the value as an attribute value, or null when it is an empty set (which DynamoDB cannot store) */
    @Nullable AttributeValue writeValue(@Nullable Object value) {
        if (value == null) {
            return NULL;
        }
        if (value instanceof AttributeValue attributeValue) {
            return attributeValue;
        }
        Object simple = convertIfCustom(value);
        if (simple instanceof CharSequence || simple instanceof Character || simple instanceof Enum<?>
                || simple instanceof Boolean || simple instanceof Number || simple instanceof byte[]
                || simple instanceof SdkBytes || simple instanceof ByteBuffer) {
            return AttributeValues.toAttributeValue(simple);
        }
        if (simple instanceof Set<?> set) {
            return writeSet(set);
        }
        if (simple instanceof Collection<?> collection) {
            return writeList(collection);
        }
        if (Objects.requireNonNull(simple, "a converted value").getClass().isArray()) {
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < Array.getLength(simple); i++) {
                elements.add(Array.get(simple, i));
            }
            return writeList(elements);
        }
        if (simple instanceof Map<?, ?> map) {
            return writeMap(map);
        }
        return AttributeValue.fromM(writeEntity(simple, true));
    }

    private @Nullable Object convertIfCustom(Object value) {
        Optional<Class<?>> target = conversions.getCustomWriteTarget(value.getClass());
        if (target.isEmpty()) {
            return value;
        }
        try {
            return conversionService.convert(value, target.get());
        } catch (ConversionFailedException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            throw new IllegalArgumentException("The " + value.getClass().getSimpleName() + " value " + value
                    + " cannot be stored: " + cause.getMessage(), e);
        }
    }

    private @Nullable AttributeValue writeSet(Set<?> set) {
        if (set.isEmpty()) {
            return null;
        }
        List<AttributeValue> elements = new ArrayList<>(set.size());
        for (Object element : set) {
            elements.add(writeValue(element));
        }
        AttributeValue.Type kind = elements.get(0).type();
        boolean uniform = elements.stream().allMatch(element -> element.type() == kind);
        if (uniform && kind == AttributeValue.Type.S) {
            return AttributeValue.fromSs(elements.stream().map(AttributeValue::s).toList());
        }
        if (uniform && kind == AttributeValue.Type.N) {
            return AttributeValue.fromNs(elements.stream().map(AttributeValue::n).toList());
        }
        if (uniform && kind == AttributeValue.Type.B) {
            return AttributeValue.fromBs(elements.stream().map(AttributeValue::b).toList());
        }
        return AttributeValue.fromL(elements);
    }

    private AttributeValue writeList(Collection<?> collection) {
        List<AttributeValue> elements = new ArrayList<>(collection.size());
        for (Object element : collection) {
            AttributeValue written = writeValue(element);
            elements.add(written == null ? NULL : written);
        }
        return AttributeValue.fromL(elements);
    }

    private AttributeValue writeMap(Map<?, ?> map) {
        Map<String, AttributeValue> entries = new LinkedHashMap<>();
        map.forEach((key, value) -> {
            String name = key instanceof String text ? text : conversionService.convert(key, String.class);
            AttributeValue written = writeValue(value);
            if (written != null) {
                entries.put(name, written);
            }
        });
        return AttributeValue.fromM(entries);
    }
}
