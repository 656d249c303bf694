package io.dynamodbtoolkit.springdata.mapping;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The toolkit's {@link ItemMapper} backed by Spring Data's mapping metadata, so that plain classes and records work
 * as adapter items: give it to {@code adapter.withMapper(...)}.
 *
 * <p>Besides converting with the {@link MappingDynamoDbConverter} it reads each row into the class of its tier
 * ({@link TierClasses}), stores the {@code @Version} property in the key design's version field (so the adapter does
 * optimistic locking with it), maps an {@code @Id} property onto the key fields (a simple one onto the single key
 * field, a key class unwrapped into the key fields), writes the tier label into the type discriminator when one is declared, and refuses to
 * write an entity whose key fields put it in another tier than its class says.
 *
 * @param <T> the domain type
 */
public final class EntityItemMapper<T> implements ItemMapper<T> {

    private final MappingDynamoDbConverter converter;
    private final TierClasses<T> tiers;
    private final KeyModel keys;
    private final Map<Class<?>, IdMapping> ids;
    private final AfterRead<T> afterRead;

    private EntityItemMapper(MappingDynamoDbConverter converter, TierClasses<T> tiers, KeyModel keys,
            Map<Class<?>, IdMapping> ids, AfterRead<T> afterRead) {
        this.converter = converter;
        this.tiers = tiers;
        this.keys = keys;
        this.ids = ids;
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
        Map<Class<?>, IdMapping> ids = new LinkedHashMap<>();
        for (Class<? extends T> type : tiers.all()) {
            DynamoDbPersistentEntity<?> entity = converter.getMappingContext().getRequiredPersistentEntity(type);
            IdMapping id = IdMapping.of(entity, keys, converter.getMappingContext());
            if (id != null) {
                ids.put(type, id);
            }
            checkClass(type, id, tiers, keys, converter.getMappingContext());
        }
        return new EntityItemMapper<>(converter, tiers, keys, Map.copyOf(ids), (entity, item) -> entity);
    }

    /** @return the same mapper passing every entity it reads through {@code listener} (e.g. entity callbacks) */
    public EntityItemMapper<T> withAfterRead(AfterRead<T> listener) {
        return new EntityItemMapper<>(converter, tiers, keys, ids, Objects.requireNonNull(listener, "listener"));
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
        Map<String, AttributeValue> attributes = new LinkedHashMap<>(converter.write(item, ignoreNulls));
        IdMapping id = ids.get(item.getClass());
        if (id != null) {
            id.toKeyFields(attributes);
        }
        DynamoDbPersistentEntity<?> entity = entityOf(item.getClass());
        keys.versionField().ifPresent(field -> versionAttribute(entity).ifPresent(name -> {
            AttributeValue version = attributes.remove(name);
            if (version != null && version.n() != null && !"0".equals(version.n())) {
                attributes.put(field, version);
            }
        }));
        Optional<String> label = tiers.labelOf(item.getClass());
        keys.typeDiscriminator().ifPresent(field -> label.ifPresent(l -> attributes.put(field,
                AttributeValue.fromS(l))));
        if (label.isPresent() && keys.typeDiscriminator().isEmpty()) {
            requireTier(item, attributes, label.get());
        }
        return attributes;
    }

    @Override
    public T fromAttributes(Map<String, AttributeValue> attributes) {
        Class<? extends T> type = tiers.classOf(attributes);
        IdMapping id = ids.get(type);
        Map<String, AttributeValue> keyed = id == null ? attributes : id.fromKeyFields(attributes);
        Optional<String> versionField = keys.versionField();
        if (versionField.isEmpty() || !keyed.containsKey(versionField.get())) {
            return afterRead.afterRead(converter.read(type, keyed), attributes);
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>(keyed);
        AttributeValue version = item.remove(versionField.get());
        versionAttribute(entityOf(type)).ifPresent(name -> item.put(name, version));
        return afterRead.afterRead(converter.read(type, item), attributes);
    }

    private DynamoDbPersistentEntity<?> entityOf(Class<?> type) {
        return converter.getMappingContext().getRequiredPersistentEntity(type);
    }

    private static Optional<String> versionAttribute(DynamoDbPersistentEntity<?> entity) {
        return Optional.ofNullable(entity.getVersionProperty()).map(DynamoDbPersistentProperty::attributeName);
    }

    private void requireTier(T item, Map<String, AttributeValue> attributes, String label) {
        int depth = keys.depthOf(attributes);
        String byKey = keys.typeLabels().get(depth - 1);
        if (!byKey.equals(label)) {
            throw new InvalidKeyException("A " + item.getClass().getSimpleName() + " is a '" + label + "' row, but its"
                    + " key fields " + keys.keyValuesOf(attributes) + " address a '" + byKey + "' row: give it the "
                    + "key fields of its tier (" + keys.keyFields().subList(0, keys.typeLabels().indexOf(label) + 1)
                            .stream().map(KeyField::name).toList() + ")");
        }
    }

    private static void checkClass(Class<?> type, IdMapping id, TierClasses<?> tiers, KeyModel keys,
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
