package io.dynamodbtoolkit.index;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Checks an adapter's index declarations against its key model; every failure names the property and the fix. */
final class IndexSetValidator {

    private final Collection<IndexDeclaration> indexes;
    private final KeyModel keys;

    IndexSetValidator(Collection<IndexDeclaration> indexes, KeyModel keys) {
        this.indexes = indexes;
        this.keys = keys;
    }

    void validate() {
        Set<String> names = new HashSet<>();
        Map<String, ScalarAttributeType> types = new HashMap<>();
        types.put(keys.partitionField().name(), keys.partitionField().type().scalarType());
        keys.sortKeyName().ifPresent(sort -> types.put(sort, keys.isHierarchical() ? ScalarAttributeType.S
                : keys.keyField(1).type().scalarType()));
        for (IndexDeclaration index : indexes) {
            String property = "indexes." + index.name();
            if (!names.add(index.name())) {
                throw new DeclarationException(property, "index '" + index.name() + "' is declared twice",
                        "give each index its own name");
            }
            if (index.type() == IndexType.LOCAL && keys.sortKeyName().isEmpty()) {
                throw new DeclarationException(property + ".type", "a local index needs a table with a sort key, "
                        + "but the table has only a partition key", "declare a global index instead");
            }
            for (IndexKeyPart part : index.parts()) {
                String side = part == index.partition() ? ".pk" : ".sk";
                for (KeyAttribute attribute : part.keyAttributes()) {
                    ScalarAttributeType earlier = types.putIfAbsent(attribute.name(), attribute.type());
                    if (earlier != null && earlier != attribute.type()) {
                        throw new DeclarationException(property + side, "attribute '" + attribute.name()
                                + "' is declared as " + attribute.type() + " here but as " + earlier
                                + " elsewhere", "give an attribute one type across the table and its indexes");
                    }
                    if (part.isDerived() && keys.technicalPrefix().isPresent()
                            && !keys.isTechnical(attribute.name())) {
                        throw new DeclarationException(property + side, "attribute '" + attribute.name()
                                + "' is written by the toolkit but is outside the technicalPrefix \""
                                + keys.technicalPrefix().get() + "\", so callers could write it and reads would "
                                + "return it", "rename it to start with \"" + keys.technicalPrefix().get() + "\"");
                    }
                    if (part.isDerived() && keys.positionOf(attribute.name()) >= 0) {
                        throw new DeclarationException(property + side, "attribute '" + attribute.name()
                                + "' is a key field and cannot be written by the toolkit",
                                "give the derived index attribute its own name");
                    }
                }
            }
            for (String removed : IndexSet.removalAttributes(index)) {
                boolean identity = keys.positionOf(removed) >= 0 || keys.primaryKeyNames().contains(removed)
                        || keys.typeField().map(removed::equals).orElse(false);
                if (identity) {
                    throw new DeclarationException(property + ".membership", "non-members would lose '" + removed
                            + "', which is part of the item's key or type", "key the index on a marker "
                            + "(MarkerKeyPart) or a composite so membership can be removed without touching '"
                            + removed + "'");
                }
            }
            if (index.membership() instanceof Membership.Types membershipTypes) {
                for (String label : membershipTypes.labels()) {
                    if (!keys.typeLabels().contains(label) && keys.typeDiscriminator().isEmpty()) {
                        throw new DeclarationException(property + ".membership", "type '" + label
                                + "' is not one of the typeLabels " + keys.typeLabels(),
                                "use a declared type label, or declare a typeDiscriminator");
                    }
                }
            }
        }
    }
}
