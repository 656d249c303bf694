package io.dynamodbtoolkit.springweb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;

/**
 * Request and response bodies of one exported resource: a JSON object bound strictly ({@link StrictJson}) to the class
 * of the tier its key fields reach (the domain type's class for that tier, or the domain type), a patch's changes
 * checked against that class, an entity written as a JSON object, and the version an entity carries (its
 * {@code @Version} property), which is its ETag. The key design's type field may be sent only with the label the key
 * gives (a row's type follows from its key); it is the toolkit's to write.
 */
final class EntityBodies {

    private final ExportedResource resource;
    private final ObjectMapper json;
    private final StrictJson strict;
    private final RestPolicy policy;
    private final KeyModel keys;

    /**
     * @param json   the application's mapper, which writes entities as JSON objects
     * @param strict the strict reader bodies are bound with
     */
    EntityBodies(ExportedResource resource, ObjectMapper json, StrictJson strict, RestPolicy policy) {
        this.resource = resource;
        this.json = json;
        this.strict = strict;
        this.policy = policy;
        this.keys = resource.template().getDeclaration().keys();
    }

    /**
     * @param body a request body
     * @return it as a JSON object's fields
     * @throws RestRequestException 400 when it is absent or not an object
     */
    static Map<String, Object> object(@Nullable Object body) {
        if (!(body instanceof Map<?, ?> map)) {
            throw RestRequestException.badRequest(body == null ? "The request needs a JSON object as its body"
                    : "The request body must be a JSON object, not " + (body instanceof Iterable<?> ? "an array"
                            : "a " + body.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT)));
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        map.forEach((name, value) -> fields.put(String.valueOf(name), value));
        return fields;
    }

    /**
     * @param fields a JSON object's fields, key fields included
     * @return the entity, of the class of the tier its key fields reach
     * @throws RestRequestException (validation status) when the fields do not make an entity of that class: a field
     *                              it does not have, a value of another type, a type label the key does not give
     */
    Object entity(Map<String, Object> fields) {
        int depth = depth(fields);
        Class<?> type = tierClass(depth);
        return strict.bind(withoutTypeLabel(fields, type, depth), type, null);
    }

    /**
     * Checks a patch's changes against the class of the patched row's tier: each field set must be a property of it
     * and its value must bind to the property's type; the version, the toolkit's technical fields and a type label
     * other than the row's are refused; a field removed must be a property too.
     *
     * @param key     the patched row's key
     * @param changes the changes, by field name (null removes)
     * @return the changes by attribute name, each value bound to its property's type (null removes)
     * @throws RestRequestException the validation status naming the field refused; 400 when, unknown fields being
     *                              ignored, nothing is left to change
     */
    Map<String, Object> patch(KeyValues key, Map<String, Object> changes) {
        Class<?> type = tierClass(key.size());
        DynamoDbPersistentEntity<?> entity = persistent(type);
        Map<String, Object> bound = new LinkedHashMap<>();
        changes.forEach((name, value) -> {
            if (keys.typeField().filter(name::equals).isPresent() && !hasProperty(type, name)) {
                requireLabel(name, value, type, key.size());
                return;
            }
            if (keys.isTechnical(name)) {
                throw strict.invalid("'" + KeyPaths.abbreviated(name) + "' is a field the toolkit manages; a patch "
                        + "cannot set or remove it");
            }
            DynamoDbPersistentProperty property = entity == null ? null : entity.getPersistentProperty(name);
            if (property == null) {
                if (!policy.unknownFieldsIgnored()) {
                    throw strict.invalid("'" + KeyPaths.abbreviated(name) + "' is not a field of "
                            + type.getSimpleName() + "; patch only its fields");
                }
                return;
            }
            if (property.isVersionProperty()) {
                throw strict.invalid("'" + name + "' is the version, which every write advances: leave it out, and "
                        + "send If-Match to patch at a version");
            }
            bound.put(property.attributeName(), value == null ? null
                    : strict.bind(value, property.getTypeInformation().toTypeDescriptor().getResolvableType()
                            .getType(), name));
        });
        if (bound.isEmpty()) {
            throw RestRequestException.badRequest("The patch changes nothing: give fields of " + type.getSimpleName()
                    + " to set or '" + policy.metaPrefix() + "delete'");
        }
        return bound;
    }

    /** @return an entity as a JSON object's fields */
    @SuppressWarnings("unchecked")
    Map<String, Object> fields(Object entity) {
        return json.convertValue(entity, LinkedHashMap.class);
    }

    /** @return the name of the version property of the class of an entity's tier, if it has one */
    Optional<String> versionProperty(Class<?> type) {
        return Optional.ofNullable(persistent(type)).map(DynamoDbPersistentEntity::getVersionProperty)
                .map(DynamoDbPersistentProperty::getName);
    }

    /** @return the version an entity carries, if its class has a version property and it is set */
    Optional<Object> version(Object entity) {
        DynamoDbPersistentEntity<?> persistent = resource.template().getConverter().getMappingContext()
                .getPersistentEntity(entity.getClass());
        if (persistent == null || persistent.getVersionProperty() == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(persistent.getPropertyAccessor(entity).getProperty(persistent
                .getRequiredVersionProperty()));
    }

    /** @return the class the fields' tier is read into */
    Class<?> tierClass(Map<String, Object> fields) {
        return tierClass(depth(fields));
    }

    /** @return how many leading key fields the fields give (the depth of their tier) */
    private int depth(Map<String, Object> fields) {
        int depth = 0;
        for (KeyField field : keys.keyFields()) {
            if (fields.get(field.name()) == null) {
                break;
            }
            depth++;
        }
        if (depth == 0) {
            throw strict.invalid("The body lacks the key field '" + keys.partitionField().name() + "'");
        }
        return depth;
    }

    private Class<?> tierClass(int depth) {
        Set<? extends Class<?>> classes = resource.template().getTierClasses(resource.domainType())
                .classesAtDepths(depth, depth);
        return classes.size() == 1 ? classes.iterator().next() : resource.domainType();
    }

    /** @return the fields without the type field, once its value is checked to be the tier's label */
    private Map<String, Object> withoutTypeLabel(Map<String, Object> fields, Class<?> type, int depth) {
        Optional<String> typeField = keys.typeField();
        if (typeField.isEmpty() || !fields.containsKey(typeField.get()) || hasProperty(type, typeField.get())) {
            return fields;
        }
        requireLabel(typeField.get(), fields.get(typeField.get()), type, depth);
        Map<String, Object> rest = new LinkedHashMap<>(fields);
        rest.remove(typeField.get());
        return rest;
    }

    /** Refuses a value of the type field other than the label of the tier the key reaches. */
    private void requireLabel(String typeField, Object given, Class<?> type, int depth) {
        Optional<String> label = resource.template().getTierClasses(resource.domainType()).labelOf(type)
                .or(() -> depth <= keys.typeLabels().size() ? Optional.of(keys.typeLabels().get(depth - 1))
                        : Optional.empty());
        if (label.isEmpty() || !label.get().equals(given)) {
            throw strict.invalid("'" + typeField + "' is the row's type label, which follows from its key"
                    + label.map(l -> " ('" + l + "' here)").orElse("") + ", not "
                    + (given instanceof String text ? "'" + KeyPaths.abbreviated(text) + "'" : String.valueOf(given))
                    + "; leave it out (a key of another depth makes a row of another type)");
        }
    }

    private boolean hasProperty(Class<?> type, String name) {
        DynamoDbPersistentEntity<?> entity = persistent(type);
        return entity != null && entity.getPersistentProperty(name) != null;
    }

    private @Nullable DynamoDbPersistentEntity<?> persistent(Class<?> type) {
        return resource.template().getConverter().getMappingContext().getPersistentEntity(type);
    }
}
