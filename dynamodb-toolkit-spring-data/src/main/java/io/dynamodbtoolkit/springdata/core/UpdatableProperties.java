package io.dynamodbtoolkit.springdata.core;

import java.util.Collection;
import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The properties of an entity class that an atomic update may change in place, checked by the kind of change: the
 * property must exist on one of the classes rows are read as, must not be a key field, the version, the created-at or
 * a technical attribute, must not decide the membership of a computed index (a sparse marker or composite key: those
 * change with a plain set only), and must fit the change (a number for an increment, a list for an append, a set for
 * adding or removing elements).
 */
public final class UpdatableProperties {

    private final Collection<? extends Class<?>> types;
    private final KeyModel keys;
    private final Set<String> indexSources;
    private final MappingDynamoDbConverter converter;

    private UpdatableProperties(Collection<? extends Class<?>> types, KeyModel keys, Set<String> indexSources,
            MappingDynamoDbConverter converter) {
        this.types = types;
        this.keys = keys;
        this.indexSources = indexSources;
        this.converter = converter;
    }

    /**
     * @param operations  the template of the entity's adapter
     * @param entityClass the entity class (a domain type: the properties of all its tier classes)
     * @return the entity's updatable properties
     */
    public static UpdatableProperties of(DynamoDbToolkitOperations operations, Class<?> entityClass) {
        return new UpdatableProperties(operations.getTierClasses(entityClass).all(),
                operations.getDeclaration().keys(), operations.getDeclaration().indexes().maintainedSources(),
                operations.getConverter());
    }

    /**
     * @param property the property's name
     * @param change   the change
     * @return the attribute the property is stored as
     * @throws IllegalArgumentException when the property cannot take the change, saying why
     */
    public String check(String property, Change change) {
        DynamoDbPersistentProperty found = find(property);
        if (found == null) {
            throw new IllegalArgumentException("No property '" + property + "' on " + names() + " to "
                    + change.verb + "; name a property of the entity");
        }
        String attribute = found.attributeName();
        if (keys.keyFields().stream().map(KeyField::name).anyMatch(attribute::equals)
                || keys.primaryKeyNames().contains(attribute)) {
            throw new IllegalArgumentException("'" + property + "' is a key field: keys are identity, so it cannot "
                    + "be changed in place; move the item to change its key");
        }
        if (found.isVersionProperty() || keys.versionField().filter(attribute::equals).isPresent()
                || keys.createdAtField().filter(attribute::equals).isPresent() || keys.isTechnical(attribute)
                || keys.typeField().filter(attribute::equals).isPresent()) {
            throw new IllegalArgumentException("'" + property + "' is kept by the toolkit (version, created-at, type "
                    + "or technical attribute) and cannot be changed by an update");
        }
        if (change != Change.SET && change != Change.REMOVE && indexSources.contains(attribute)) {
            throw new IllegalArgumentException("'" + property + "' decides membership of a computed index (a sparse "
                    + "marker or a composite key), which an in-place " + change.verb + " cannot keep right without "
                    + "a read; change it with set(...) or a patch");
        }
        Class<?> type = ClassUtils.resolvePrimitiveIfNecessary(found.getType());
        if (!change.fits(type)) {
            throw new IllegalArgumentException("Cannot " + change.verb + " '" + property + "', a "
                    + found.getType().getSimpleName() + ": " + change.needs);
        }
        return attribute;
    }

    /**
     * @param attribute a checked property's attribute
     * @param value     a value of the property (a number, a list, a set)
     * @return the value as the property is stored (enums by name, instants as text, ...)
     */
    public @Nullable AttributeValue convert(String attribute, Object value) {
        return converter.writePropertyValue(types, attribute, value);
    }

    /** @return the property's declared type, or null when there is no such property */
    public @Nullable Class<?> typeOf(String property) {
        DynamoDbPersistentProperty found = find(property);
        return found == null ? null : found.getType();
    }

    private @Nullable DynamoDbPersistentProperty find(String property) {
        for (Class<?> type : types) {
            DynamoDbPersistentEntity<?> entity = converter.getMappingContext().getRequiredPersistentEntity(type);
            DynamoDbPersistentProperty found = entity.getPersistentProperty(property);
            if (found != null && !found.isTransient()) {
                return found;
            }
        }
        return null;
    }

    private String names() {
        return types.stream().map(Class::getSimpleName).sorted().toList().toString();
    }

    /** A change in place of one property. */
    public enum Change {

        /** Sets a value. */
        SET("set", "any value", Object.class),
        /** Adds a (possibly negative) number, 0 when absent. */
        INCREMENT("increment", "an increment needs a number property", Number.class),
        /** Appends elements to a list, created when absent. */
        APPEND("append to", "an append needs a List property", List.class),
        /** Adds elements to a set, created when absent. */
        ADD_TO("add to", "adding elements needs a Set property", Set.class),
        /** Removes elements from a set. */
        REMOVE_FROM("remove from", "removing elements needs a Set property", Set.class),
        /** Removes the attribute. */
        REMOVE("remove", "any property", Object.class);

        private final String verb;
        private final String needs;
        private final Class<?> required;

        Change(String verb, String needs, Class<?> required) {
            this.verb = verb;
            this.needs = needs;
            this.required = required;
        }

        boolean fits(Class<?> type) {
            return required.isAssignableFrom(type);
        }
    }
}
