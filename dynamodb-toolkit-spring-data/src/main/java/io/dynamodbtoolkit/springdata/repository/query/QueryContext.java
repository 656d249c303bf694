package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;

import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitOperations;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;

/**
 * What a repository's methods read and write through, as its queries see it: the template of its adapter (confined to
 * the scope as the repository declares), its domain type and the tier classes rows are read into, and what the
 * mapping stores each property as.
 *
 * @param <T> the domain type
 */
public final class QueryContext<T> {

    private final DynamoDbToolkitOperations operations;
    private final TierClasses<T> tiers;

    private QueryContext(DynamoDbToolkitOperations operations, TierClasses<T> tiers) {
        this.operations = operations;
        this.tiers = tiers;
    }

    /**
     * @param operations the template
     * @param domainType the repository's domain type
     * @return the context of a repository
     * @throws io.dynamodbtoolkit.DeclarationException when the domain type cannot be mapped under the key design
     */
    public static <T> QueryContext<T> of(DynamoDbToolkitOperations operations, Class<T> domainType) {
        return new QueryContext<>(operations, operations.getTierClasses(domainType));
    }

    /** @return the template */
    public DynamoDbToolkitOperations operations() {
        return operations;
    }

    /** @return the domain type */
    public Class<T> domainType() {
        return tiers.domainType();
    }

    /** @return the tier classes of the domain type */
    public TierClasses<T> tiers() {
        return tiers;
    }

    /** @return the key design */
    public KeyModel keys() {
        return operations.getDeclaration().keys();
    }

    /** @return the secondary indexes of the adapter */
    public IndexSet indexes() {
        return operations.getDeclaration().indexes();
    }

    /** @return the adapter's declared name */
    public String adapterName() {
        return operations.getAdapterName();
    }

    /** @return the table */
    public String table() {
        return operations.getDeclaration().table();
    }

    /** @return the mapping */
    public MappingDynamoDbConverter converter() {
        return operations.getConverter();
    }

    /** @return the leading key fields the scope confines calls to (empty when not confined) */
    public List<String> scopeFields() {
        return operations.getScopeFields();
    }

    /** @return the attribute a property of the domain type (or of one of its tier classes) is stored in */
    public String attributeNameOf(String property) {
        for (Class<? extends T> type : tiers.all()) {
            DynamoDbPersistentProperty persistent = converter().getMappingContext().getRequiredPersistentEntity(type)
                    .getPersistentProperty(property);
            if (persistent != null) {
                return persistent.attributeName();
            }
        }
        return property;
    }

    /** @return whether instances of a class store an attribute (one of its properties is stored under that name) */
    public boolean hasAttribute(Class<?> type, String attribute) {
        for (DynamoDbPersistentProperty property : converter().getMappingContext().getRequiredPersistentEntity(type)) {
            if (property.attributeName().equals(attribute)) {
                return true;
            }
        }
        return false;
    }
}
