package io.dynamodbtoolkit.springdata.mapping;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The toolkit's {@link ItemMapper} backed by Spring Data's mapping metadata, so that plain classes and records work
 * as adapter items: give it to {@code adapter.withMapper(...)}.
 *
 * <p>Besides converting with the {@link MappingDynamoDbConverter} it reads each row into the class of its tier
 * ({@link TierClasses}), stores the {@code @Version} property in the key design's version field (so the adapter does
 * optimistic locking with it), maps an {@code @Id} property onto the key fields (a simple one onto the single key
 * field, a key class unwrapped into the key fields), writes the tier label into the type discriminator when one is
 * declared, and refuses to write an entity whose key fields put it in another tier than its class says.
 *
 * @param <T> the domain type
 */
public final class EntityItemMapper<T> implements ItemMapper<T> {

    private final MappingDynamoDbConverter converter;
    private final TierClasses<T> tiers;
    private final KeyModel keys;
    private final Map<Class<?>, ClassMapping> classes;
    private final AfterRead<T> afterRead;

    private EntityItemMapper(MappingDynamoDbConverter converter, TierClasses<T> tiers, KeyModel keys,
            Map<Class<?>, ClassMapping> classes, AfterRead<T> afterRead) {
        this.converter = converter;
        this.tiers = tiers;
        this.keys = keys;
        this.classes = classes;
        this.afterRead = afterRead;
    }

    /**
     * A mapper of a domain type under a key design, checked now.
     *
     * @throws DeclarationException when a tier class lacks key fields of its tier, or the {@code @Version} properties
     *                              and the key design's version field do not match
     */
    public static <T> EntityItemMapper<T> of(Class<T> domainType, KeyModel keys, MappingDynamoDbConverter converter) {
        TierClasses<T> tiers = TierClasses.of(domainType, keys);
        EntityItemMapper<T> mapper = new EntityItemMapper<>(converter, tiers, keys, new ConcurrentHashMap<>(),
                (entity, item) -> entity);
        for (Class<? extends T> type : tiers.all()) {
            checkClass(type, mapper.mappingOf(type).id(), tiers, keys, converter.getMappingContext());
        }
        return mapper;
    }

    /** @return the same mapper passing every entity it reads through {@code listener} (e.g. entity callbacks) */
    public EntityItemMapper<T> withAfterRead(AfterRead<T> listener) {
        return new EntityItemMapper<>(converter, tiers, keys, classes, Objects.requireNonNull(listener, "listener"));
    }

    /** @return the tier classes */
    public TierClasses<T> tiers() {
        return tiers;
    }

    /** @return the converter */
    public MappingDynamoDbConverter converter() {
        return converter;
    }

    @Override
    public Map<String, AttributeValue> toAttributes(T item, boolean ignoreNulls) {
        ClassMapping mapping = mappingOf(item.getClass());
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(converter.write(item, ignoreNulls));
        if (mapping.id() != null) {
            mapping.id().toKeyFields(attributes);
        }
        if (mapping.versionAttribute() != null) {
            AttributeValue version = attributes.remove(mapping.versionAttribute());
            if (version != null && version.n() != null && !"0".equals(version.n())) {
                attributes.put(keys.versionField().orElseThrow(), version);
            }
        }
        if (mapping.label() != null) {
            if (keys.typeDiscriminator().isPresent()) {
                attributes.put(keys.typeDiscriminator().get(), AttributeValue.fromS(mapping.label()));
            } else {
                requireTier(item, attributes, mapping.label());
            }
        }
        return attributes;
    }

    @Override
    public T fromAttributes(Map<String, AttributeValue> attributes) {
        ClassMapping mapping = mappingOf(tiers.classOf(attributes));
        Map<String, AttributeValue> item = mapping.id() == null ? attributes : mapping.id().fromKeyFields(attributes);
        AttributeValue version = mapping.versionAttribute() == null ? null
                : item.get(keys.versionField().orElseThrow());
        if (version != null) {
            item = new LinkedHashMap<>(item);
            item.put(mapping.versionAttribute(), version);
        }
        @SuppressWarnings("unchecked")
        T entity = (T) converter.read(mapping.entity(), item);
        return afterRead.afterRead(entity, attributes);
    }

    private ClassMapping mappingOf(Class<?> type) {
        return classes.computeIfAbsent(type, this::describe);
    }

    private ClassMapping describe(Class<?> type) {
        DynamoDbPersistentEntity<?> entity = converter.getMappingContext().getRequiredPersistentEntity(type);
        DynamoDbPersistentProperty version = keys.versionField().isPresent() ? entity.getVersionProperty() : null;
        return new ClassMapping(entity, IdMapping.of(entity, keys, converter.getMappingContext()),
                version == null ? null : version.attributeName(), tiers.labelOf(type).orElse(null));
    }

    private void requireTier(T item, Map<String, AttributeValue> attributes, String label) {
        int depth = keys.codec().depthFromItem(attributes);
        String byKey = keys.typeLabels().get(depth - 1);
        if (!byKey.equals(label)) {
            throw new InvalidKeyException("A " + item.getClass().getSimpleName() + " is a '" + label + "' row, but its"
                    + " key fields " + keys.codec().keyValuesFromItem(attributes) + " address a '" + byKey
                    + "' row: give it the key fields of its tier (" + keys.keyFields()
                            .subList(0, keys.typeLabels().indexOf(label) + 1).stream().map(KeyField::name).toList()
                    + ")");
        }
    }

    private static void checkClass(Class<?> type, @Nullable IdMapping id, TierClasses<?> tiers, KeyModel keys,
            DynamoDbMappingContext context) {
        DynamoDbPersistentEntity<?> entity = context.getRequiredPersistentEntity(type);
        DynamoDbPersistentProperty version = entity.getVersionProperty();
        if (version != null && keys.versionField().isEmpty()) {
            throw new DeclarationException(type.getName() + "." + version.getName(), "it is a @Version property, but "
                    + "the key design " + keys + " declares no versionField, so nothing would check it",
                    "declare versionField (e.g. \"_version\") in the adapter's KeyModel, or drop @Version");
        }
        if (version == null && keys.versionField().isPresent()) {
            throw new DeclarationException(type.getName(), "items are versioned (versionField '"
                    + keys.versionField().get() + "') but the class has no @Version property, so a read item could "
                    + "never be replaced", "add a property such as `@Version Long version`");
        }
        int depth = tiers.labelOf(type).map(label -> keys.typeLabels().indexOf(label) + 1).orElse(1);
        for (KeyField field : keys.keyFields().subList(0, Math.max(depth, 1))) {
            boolean present = id != null && id.covers(field.name());
            for (DynamoDbPersistentProperty property : entity) {
                present |= property.attributeName().equals(field.name());
            }
            if (!present) {
                throw new DeclarationException(type.getName(), "it has no property for key field '" + field.name()
                        + "', so its items would have no key", "add a property named '" + field.name()
                        + "' (or annotate one with @Attribute(\"" + field.name() + "\"))");
            }
        }
    }

    /**
     * What the mapper knows of one class.
     *
     * @param entity           its mapping metadata
     * @param id               how its {@code @Id} maps onto the key fields, or null
     * @param versionAttribute the attribute of its {@code @Version} property when the key design is versioned, or null
     * @param label            its tier label, or null
     */
    private record ClassMapping(DynamoDbPersistentEntity<?> entity, @Nullable IdMapping id,
            @Nullable String versionAttribute,
            @Nullable String label) {
    }

    /**
     * Receives every entity read, with the attributes it was read from.
     *
     * @param <T> the domain type
     */
    @FunctionalInterface
    public interface AfterRead<T> {
        /** @return the entity to hand out (the same or a replacement) */
        T afterRead(T entity, Map<String, AttributeValue> attributes);
    }
}
