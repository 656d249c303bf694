package io.dynamodbtoolkit.springweb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;

/**
 * Request and response bodies of one exported resource: a JSON object read into the class of the tier its key fields
 * reach (the domain type's class for that tier, or the domain type), an entity written as a JSON object, and the
 * version an entity carries (its {@code @Version} property), which is its ETag.
 */
final class EntityBodies {

    private final ExportedResource resource;
    private final ObjectMapper json;
    private final RestPolicy policy;

    EntityBodies(ExportedResource resource, ObjectMapper json, RestPolicy policy) {
        this.resource = resource;
        this.json = json;
        this.policy = policy;
    }

    /**
     * @param body a request body
     * @return it as a JSON object's fields
     * @throws RestRequestException 400 when it is absent or not an object
     */
    static Map<String, Object> object(Object body) {
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
     * @throws RestRequestException (validation status) when the fields do not make an entity
     */
    Object entity(Map<String, Object> fields) {
        Class<?> type = tierClass(fields);
        try {
            return json.convertValue(fields, type);
        } catch (JacksonException | IllegalArgumentException e) {
            throw invalidBody(e);
        }
    }

    /** @return an entity as a JSON object's fields */
    @SuppressWarnings("unchecked")
    Map<String, Object> fields(Object entity) {
        return json.convertValue(entity, LinkedHashMap.class);
    }

    /** @return the name of the version property of the class of an entity's tier, if it has one */
    Optional<String> versionProperty(Class<?> type) {
        DynamoDbPersistentEntity<?> entity = resource.template().getConverter().getMappingContext()
                .getPersistentEntity(type);
        return Optional.ofNullable(entity).map(e -> e.getVersionProperty()).map(DynamoDbPersistentProperty::getName);
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
        KeyModel keys = resource.template().getDeclaration().keys();
        int depth = 0;
        for (KeyField field : keys.keyFields()) {
            if (fields.get(field.name()) == null) {
                break;
            }
            depth++;
        }
        if (depth == 0) {
            throw new RestRequestException(policy.validation(), "invalid-body", "Invalid request body",
                    "The body lacks the key field '" + keys.partitionField().name() + "'");
        }
        Set<? extends Class<?>> classes = resource.template().getTierClasses(resource.domainType())
                .classesAtDepths(depth, depth);
        return classes.size() == 1 ? classes.iterator().next() : resource.domainType();
    }

    /** @return the refusal of a body that does not bind, naming what did not without echoing Jackson's internals */
    RestRequestException invalidBody(RuntimeException e) {
        String reason = e.getMessage() == null ? "it does not fit the resource's type" : e.getMessage();
        int newline = reason.indexOf('\n');
        if (newline > 0) {
            reason = reason.substring(0, newline);
        }
        return new RestRequestException(policy.validation(), "invalid-body", "Invalid request body",
                "The body does not fit the resource: " + KeyPaths.abbreviated(reason.replaceAll("\\(class [^)]*\\)",
                        "")));
    }
}
