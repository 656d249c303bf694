package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.FilterFieldProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.StructuralKeyProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.UniqueFieldProperties;
import io.dynamodbtoolkit.expression.AttributePath;
import io.dynamodbtoolkit.filter.FieldRule;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;

/**
 * Turns one adapter's properties into a core declaration builder (documents mode: items are
 * {@code Map<String, Object>}; repositories re-type the adapter for their entity). The key model, indexes and
 * filters are checked on the way, each error naming the property at fault; the unique fields are those of the
 * properties and those declared beside them ({@link EntityUniqueFields}); the caller builds the declaration after the
 * {@link AdapterCustomizer}s.
 */
final class AdapterDeclarationFactory {

    private final IndexDeclarationFactory indexes;
    private final EntityUniqueFields entityUniqueFields;

    /**
     * @param indexes            builds the index declarations
     * @param entityUniqueFields the unique fields declared beside the properties
     */
    AdapterDeclarationFactory(IndexDeclarationFactory indexes, EntityUniqueFields entityUniqueFields) {
        this.indexes = indexes;
        this.entityUniqueFields = entityUniqueFields;
    }

    /**
     * @param adapterName the adapter's name
     * @param table       the table, prefix applied
     * @param properties  the adapter's properties
     * @return the declaration builder
     * @throws DeclarationException naming the property at fault (the core's name for key model errors)
     */
    AdapterDeclaration.Builder<Map<String, Object>> builder(String adapterName, String table,
            AdapterProperties properties) {
        String prefix = ConfigurationPropertyNames.adapterPrefix(adapterName);
        KeyModel keys = keyModel(prefix, properties);
        AdapterDeclaration.Builder<Map<String, Object>> builder = AdapterDeclaration.builder(ItemMapper.documents())
                .name(adapterName)
                .table(table)
                .keys(keys)
                .indexes(indexes.indexes(prefix, properties.getIndices()))
                .filters(filters(prefix, properties.getFilters()))
                .cascades(properties.isCascades())
                .searchable(properties.getSearchable())
                .unique(entityUniqueFields.union(adapterName, keys, uniqueFields(prefix, properties.getUnique())))
                .ttlAttribute(blankToNull(properties.getTtlAttribute()));
        return properties.getParentGuard() == null ? builder : builder.parentGuard(properties.getParentGuard());
    }

    private static List<UniqueField> uniqueFields(String prefix, List<UniqueFieldProperties> unique) {
        List<UniqueField> fields = new ArrayList<>(unique.size());
        for (int i = 0; i < unique.size(); i++) {
            UniqueFieldProperties field = unique.get(i);
            if (field.getField() == null || field.getField().isBlank()) {
                throw new DeclarationException(prefix + ".unique[" + i + "].field", "the unique field has no name",
                        "name the field, e.g. unique: [email]");
            }
            fields.add(new UniqueField(field.getField(), field.getWithin(), field.getTiers()));
        }
        return fields;
    }

    private static KeyModel keyModel(String prefix, AdapterProperties properties) {
        KeyModel.Builder keys = KeyModel.builder()
                .keyFields(KeyFieldFactory.keyFields(prefix + ".key-fields", properties.getKeyFields()))
                .technicalPrefix(properties.getTechnicalPrefix())
                .typeLabels(properties.getTypeLabels())
                .typeField(blankToNull(properties.getTypeField()))
                .typeDiscriminator(blankToNull(properties.getTypeDiscriminator()))
                .versionField(blankToNull(properties.getVersionField()))
                .createdAtField(blankToNull(properties.getCreatedAtField()));
        StructuralKeyProperties structuralKey = properties.getStructuralKey();
        if (structuralKey != null) {
            if (structuralKey.getName() == null) {
                throw new DeclarationException(prefix + ".structural-key.name", "the structural key has no name",
                        "name the attribute, e.g. structural-key: _sk");
            }
            keys.structuralKey(structuralKey.getName(), structuralKey.getSeparator());
        }
        return keys.build();
    }

    private static FilterSpec filters(String prefix, Map<String, FilterFieldProperties> filters) {
        List<FieldRule> rules = new ArrayList<>(filters.size());
        filters.forEach((field, properties) -> {
            FieldRule rule = FieldRule.of(field, properties.getType());
            if (properties.getAttribute() != null) {
                rule = rule.attribute(path(prefix + ".filters." + field + ".attribute", properties.getAttribute()));
            }
            if (!properties.getOperators().isEmpty()) {
                rule = rule.allowOnly(properties.getOperators().toArray(FilterOperator[]::new));
            }
            rules.add(rule);
        });
        return FilterSpec.of(rules);
    }

    private static AttributePath path(String property, String documentPath) {
        try {
            return AttributePath.parse(documentPath);
        } catch (DeclarationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new DeclarationException(property, "'" + documentPath + "' is not a document path ("
                    + e.getMessage() + ")", "write a path such as address.city or items[0].sku");
        }
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
