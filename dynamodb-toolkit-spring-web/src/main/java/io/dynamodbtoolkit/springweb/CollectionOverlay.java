package io.dynamodbtoolkit.springweb;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.PermissionDeniedDataAccessException;

/**
 * The body of {@code PUT /-clone} and {@code PUT /-move}, laid over every matching row as the original toolkit lays it
 * ({@code {...item, ...body}}), with two rules of a hierarchical key design: a key field of the body re-keys the rows
 * whose key has that field (a row keeps its depth: a state row does not become a facility row), and another field is
 * set on the rows whose class has it. Checked before anything is read: the body must give a key field a new value (or
 * every copy would land on its source), key values must fit their fields, a scope field must keep the current scope's
 * value (403 otherwise), and every other field must exist on some row class; version fields are the toolkit's and
 * left out.
 */
final class CollectionOverlay {

    private final EntityBodies bodies;
    private final Map<String, Object> keyFields;
    private final Map<String, Object> otherFields;
    private final DynamoDbToolkitTemplate template;

    private CollectionOverlay(EntityBodies bodies, DynamoDbToolkitTemplate template, Map<String, Object> keyFields,
            Map<String, Object> otherFields) {
        this.bodies = bodies;
        this.template = template;
        this.keyFields = keyFields;
        this.otherFields = otherFields;
    }

    /**
     * @param body   the request body
     * @param scope  the current scope, if the request runs in one
     * @throws RestRequestException               400 or the validation status for a body that cannot be laid over
     *                                            rows
     * @throws PermissionDeniedDataAccessException when the body moves rows out of the current scope
     */
    static CollectionOverlay of(@Nullable Object body, ExportedResource resource, EntityBodies bodies,
            Optional<KeyValues> scope, RestPolicy policy) {
        Map<String, Object> fields = EntityBodies.object(body);
        DynamoDbToolkitTemplate template = resource.template();
        KeyModel keys = template.getDeclaration().keys();
        Set<String> keyNames = keys.keyFields().stream().map(KeyField::name).collect(Collectors.toSet());
        Map<String, Object> keyFields = new LinkedHashMap<>();
        Map<String, Object> otherFields = new LinkedHashMap<>();
        Set<? extends Class<?>> tiers = template.getTierClasses(resource.domainType()).all();
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            String name = field.getKey();
            if (keyNames.contains(name)) {
                keyFields.put(name, keyValue(keys.keyField(keys.positionOf(name)), field.getValue(), policy));
            } else if (tiers.stream().anyMatch(tier -> bodies.versionProperty(tier).filter(name::equals).isPresent())) {
                continue;
            } else if (tiers.stream().anyMatch(tier -> hasProperty(template, tier, name))) {
                otherFields.put(name, field.getValue());
            } else {
                throw new RestRequestException(policy.validation(), "invalid-body", "Invalid request body",
                        "No row of '"
                        + resource.name() + "' has a field '" + KeyPaths.abbreviated(name) + "'");
            }
        }
        if (keyFields.isEmpty()) {
            throw RestRequestException.badRequest("A copy or move of the matching rows needs a new value for a key "
                    + "field (" + String.join(", ", keys.keyFields().stream().map(KeyField::name).toList())
                    + "), or every copy would land on its source; PATCH items to change other fields");
        }
        scope.ifPresent(current -> requireWithin(current, keyFields));
        return new CollectionOverlay(bodies, template, keyFields, otherFields);
    }

    /** @return the change of one row's entity: the body's fields laid over it by the two rules */
    UnaryOperator<Object> change() {
        return entity -> {
            Map<String, Object> fields = bodies.fields(entity);
            keyFields.forEach((name, value) -> {
                if (fields.get(name) != null) {
                    fields.put(name, value);
                }
            });
            otherFields.forEach((name, value) -> {
                if (hasProperty(template, entity.getClass(), name)) {
                    fields.put(name, value);
                }
            });
            return bodies.entity(fields);
        };
    }

    private static Object keyValue(KeyField field, Object value, RestPolicy policy) {
        if (value == null || value instanceof Map<?, ?> || value instanceof Iterable<?>) {
            throw RestRequestException.badRequest("The key field '" + field.name() + "' takes one value, not "
                    + (value == null ? "null" : "a " + (value instanceof Map<?, ?> ? "JSON object" : "JSON array")));
        }
        KeyPaths.typed(field, String.valueOf(value));
        AddressableKeys.require(field, value, policy);
        return value;
    }

    // Spring declares PermissionDeniedDataAccessException's cause non-null, but the refusal has none
    @SuppressWarnings("NullAway")
    private static void requireWithin(KeyValues scope, Map<String, Object> keyFields) {
        scope.asMap().forEach((name, value) -> {
            Object given = keyFields.get(name);
            if (given != null && !String.valueOf(given).equals(String.valueOf(value))) {
                throw new PermissionDeniedDataAccessException("The body names " + name + "="
                        + KeyPaths.abbreviated(String.valueOf(given)) + " outside the current scope; cross-scope "
                        + "copies and moves are refused", null);
            }
        });
    }

    private static boolean hasProperty(DynamoDbToolkitTemplate template, Class<?> type, String name) {
        DynamoDbPersistentEntity<?> entity = template.getConverter().getMappingContext().getPersistentEntity(type);
        return entity != null && entity.getPersistentProperty(name) != null;
    }
}
