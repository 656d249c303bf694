package io.dynamodbtoolkit.springdata.core;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.KeyTarget;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import java.util.Objects;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Key values as the store holds them, within a template's scope: domain values (instants, enums, value types)
 * converted like entity properties, so a key reads the same whichever way it is given, and the current scope added.
 */
final class StoredKeys {

    private final MappingDynamoDbConverter converter;
    private final TemplateScope scope;
    private final AdapterDeclaration<?> declaration;

    StoredKeys(MappingDynamoDbConverter converter, TemplateScope scope, AdapterDeclaration<?> declaration) {
        this.converter = converter;
        this.scope = scope;
        this.declaration = declaration;
    }

    /** @return the same keys within another scope (a pinned one) */
    StoredKeys within(TemplateScope other) {
        return new StoredKeys(converter, other, declaration);
    }

    /** @return the values converted to their stored form, the scope not applied */
    KeyValues converted(KeyValues key) {
        Map<String, Object> converted = new LinkedHashMap<>();
        key.asMap().forEach((field, value) -> converted.put(field, converter.writeKeyValue(value)));
        return KeyValues.of(converted);
    }

    /** @return a value converted to its stored form, as entity properties and key values are */
    Object storedValue(Object value) {
        AttributeValue stored = converter.writeKeyValue(Objects.requireNonNull(value, "value"));
        return stored == null ? value : stored;
    }

    /** @return the values converted, within the current scope */
    KeyValues scoped(KeyValues key) {
        return scope.apply(converted(key));
    }

    /** @return the same subtree on its node as stored, within the current scope */
    SubtreeQuery scoped(SubtreeQuery subtree) {
        return subtree.withNode(scoped(subtree.node()));
    }

    /**
     * @return the same key seek with its values as stored and the scope's equalities added
     * @throws InvalidDataAccessApiUsageException when the template is confined to a scope and the index is not keyed
     *                                            on the scope fields (reading it would cross scopes)
     */
    IndexQuery scoped(IndexQuery query) {
        if (scope.isConfining() && query.index() != null && !KeyTarget.index(declaration.indexes(), query.index(),
                declaration.keys()).fields().containsAll(scope.fields())) {
            throw new InvalidDataAccessApiUsageException("Index '" + query.index() + "' is not keyed on the scope "
                    + "fields " + scope.fields() + ", so reading it would cross scopes");
        }
        IndexQuery stored = (query.index() == null ? IndexQuery.table() : IndexQuery.on(query.index()))
                .eq(scoped(KeyValues.of(query.equalities())).asMap());
        if (query.rangeField() == null) {
            return stored;
        }
        Object[] bounds = query.rangeValues().stream().map(converter::writeKeyValue).toArray();
        return stored.range(query.rangeField(), Objects.requireNonNull(query.operator(), "a range has its operator"),
                bounds);
    }
}
