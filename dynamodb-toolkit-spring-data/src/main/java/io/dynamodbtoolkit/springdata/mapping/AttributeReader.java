package io.dynamodbtoolkit.springdata.mapping;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.core.CollectionFactory;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.convert.ConversionService;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.PropertyHandler;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.PersistentEntityParameterValueProvider;
import org.springframework.data.mapping.model.PropertyValueProvider;
import org.springframework.data.core.TypeInformation;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads DynamoDB attribute values into entities and values of the declared property types: entities through their
 * persistence constructor (records included) and property accessors, scalars through the conversion service (which
 * holds the custom conversions), collections, arrays and maps element by element.
 */
final class AttributeReader {

    private final DynamoDbMappingContext mappingContext;
    private final DynamoDbCustomConversions conversions;
    private final ConversionService conversionService;
    private final EntityInstantiators instantiators = new EntityInstantiators();

    AttributeReader(DynamoDbMappingContext mappingContext, DynamoDbCustomConversions conversions,
            ConversionService conversionService) {
        this.mappingContext = mappingContext;
        this.conversions = conversions;
        this.conversionService = conversionService;
    }

    <T> T readEntity(DynamoDbPersistentEntity<T> entity, Map<String, AttributeValue> item) {
        PropertyValueProvider<DynamoDbPersistentProperty> values = new PropertyValueProvider<>() {
            @Override
            @SuppressWarnings("unchecked")
            public <V> @Nullable V getPropertyValue(DynamoDbPersistentProperty property) {
                return (V) readProperty(property, item);
            }
        };
        T instance = instantiators.getInstantiatorFor(entity).createInstance(entity,
                new PersistentEntityParameterValueProvider<>(entity, values, null));
        if (!entity.requiresPropertyPopulation()) {
            return instance;
        }
        PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
        entity.doWithProperties((PropertyHandler<DynamoDbPersistentProperty>) property -> {
            if (!entity.isCreatorArgument(property) && item.containsKey(property.attributeName())) {
                accessor.setProperty(property, readProperty(property, item));
            }
        });
        return accessor.getBean();
    }

    private @Nullable Object readProperty(DynamoDbPersistentProperty property, Map<String, AttributeValue> item) {
        Object value = readValue(item.get(property.attributeName()), property.getTypeInformation());
        if (value == null && property.getType().isPrimitive()) {
            return defaultOf(property.getType());
        }
        return value;
    }

    @Nullable Object readValue(@Nullable AttributeValue value, TypeInformation<?> type) {
        if (value == null || Boolean.TRUE.equals(value.nul())) {
            return null;
        }
        Class<?> target = type.getType();
        if (target == AttributeValue.class) {
            return value;
        }
        return switch (value.type()) {
            case S -> convert(value.s(), target);
            case N -> readNumber(value.n(), target);
            case BOOL -> convert(value.bool(), target);
            case B -> readBinary(value.b(), target);
            case SS -> readCollection(new ArrayList<>(value.ss()), type);
            case NS -> readCollection(value.ns().stream().map(BigDecimal::new).toList(), type);
            case BS -> readCollection(value.bs().stream().map(SdkBytes::asByteArray).toList(), type);
            case L -> readCollection(value.l(), type);
            case M -> readMapOrEntity(value.m(), type);
            default -> throw new MappingException("Cannot read attribute value " + value + " into " + target.getName());
        };
    }

    /** Reads a number: integers that fit and floating-point types straight from the text, others as BigDecimal. */
    private @Nullable Object readNumber(String digits, Class<?> target) {
        Number direct = Numbers.parse(digits, ClassUtils.resolvePrimitiveIfNecessary(target));
        return direct != null ? direct : convert(new BigDecimal(digits), target);
    }

    private @Nullable Object convert(Object source, Class<?> target) {
        Class<?> boxed = ClassUtils.resolvePrimitiveIfNecessary(target);
        if (boxed == Object.class || boxed.isInstance(source)) {
            return source;
        }
        if (source instanceof BigDecimal number && Number.class.isAssignableFrom(boxed)) {
            Number exact = Numbers.exact(number, boxed);
            if (exact != null) {
                return exact;
            }
        }
        try {
            return conversionService.convert(source, boxed);
        } catch (ConversionException e) {
            throw new MappingException("Cannot read the " + source.getClass().getSimpleName() + " value '" + source
                    + "' into " + target.getName() + ": register a reading converter for it", e);
        }
    }

    private @Nullable Object readBinary(SdkBytes bytes, Class<?> target) {
        if (target == SdkBytes.class) {
            return bytes;
        }
        if (target == ByteBuffer.class) {
            return bytes.asByteBuffer();
        }
        return convert(bytes.asByteArray(), target);
    }

    private @Nullable Object readCollection(List<?> elements, TypeInformation<?> type) {
        TypeInformation<?> elementType = type.getComponentType() == null ? TypeInformation.OBJECT
                : type.getComponentType();
        List<Object> read = new ArrayList<>(elements.size());
        for (Object element : elements) {
            read.add(element instanceof AttributeValue attribute ? readValue(attribute, elementType)
                    : convert(element, elementType.getType()));
        }
        Class<?> target = type.getType();
        if (target.isArray()) {
            Object array = Array.newInstance(target.getComponentType(), read.size());
            for (int i = 0; i < read.size(); i++) {
                Array.set(array, i, read.get(i));
            }
            return array;
        }
        if (!type.isCollectionLike()) {
            if (target != Object.class) {
                return convert(read, target);
            }
            return read;
        }
        Collection<Object> collection = CollectionFactory.createCollection(target, elementType.getType(), read.size());
        collection.addAll(read);
        return collection;
    }

    private @Nullable Object readMapOrEntity(Map<String, AttributeValue> entries, TypeInformation<?> type) {
        Class<?> target = type.getType();
        if (type.isMap() || target == Object.class) {
            TypeInformation<?> keyType = type.isMap() && type.getComponentType() != null ? type.getComponentType()
                    : TypeInformation.OBJECT;
            TypeInformation<?> valueType = type.isMap() && type.getMapValueType() != null ? type.getMapValueType()
                    : TypeInformation.OBJECT;
            Map<Object, Object> map = type.isMap() ? CollectionFactory.createMap(target, keyType.getType(),
                    entries.size()) : new LinkedHashMap<>();
            entries.forEach((key, value) -> map.put(convert(key, keyType.getType()), readValue(value, valueType)));
            return map;
        }
        if (conversions.hasCustomReadTarget(Map.class, target)) {
            return convert(Objects.requireNonNull(readMapOrEntity(entries, TypeInformation.MAP), "a map read"),
                    target);
        }
        return readEntity(mappingContext.getRequiredPersistentEntity(type), entries);
    }

    private static Object defaultOf(Class<?> primitive) {
        return Array.get(Array.newInstance(primitive, 1), 0);
    }
}
