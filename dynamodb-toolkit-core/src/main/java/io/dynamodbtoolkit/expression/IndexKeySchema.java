package io.dynamodbtoolkit.expression;

import io.dynamodbtoolkit.DeclarationException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/**
 * The key schema of the table or index a Query targets: its partition attributes and its sort attributes,
 * in key order, with their types. A table has one partition attribute and at most one sort attribute; a
 * global secondary index may have up to four of each (multi-attribute keys).
 *
 * <p>The key model implements this for its declared table and indexes; {@link #of} and {@link #from} build
 * one directly.
 */
public interface IndexKeySchema {

    /** The most attributes DynamoDB allows on one side of a key (multi-attribute GSI keys). */
    int MAX_ATTRIBUTES_PER_SIDE = 4;

    /**
     * A name for messages, e.g. {@code "table orders"} or {@code "index byStatus of table orders"}.
     *
     * @return the description
     */
    String description();

    /**
     * The partition attributes, in key order; at least one.
     *
     * @return the attributes
     */
    List<KeyAttribute> partitionAttributes();

    /**
     * The sort attributes, in key order; may be empty.
     *
     * @return the attributes
     */
    List<KeyAttribute> sortAttributes();

    /**
     * The key attribute with this name, on either side.
     *
     * @param name an attribute name
     * @return the attribute, or empty if it is not a key attribute
     */
    default Optional<KeyAttribute> keyAttribute(String name) {
        return partitionAttributes().stream().filter(a -> a.name().equals(name)).findFirst()
                .or(() -> sortAttributes().stream().filter(a -> a.name().equals(name)).findFirst());
    }

    /**
     * Whether the attribute is one of the partition attributes.
     *
     * @param name an attribute name
     * @return {@code true} if it is
     */
    default boolean isPartitionAttribute(String name) {
        return KeyAttribute.indexOf(partitionAttributes(), name) >= 0;
    }

    /**
     * Whether the attribute is one of the sort attributes.
     *
     * @param name an attribute name
     * @return {@code true} if it is
     */
    default boolean isSortAttribute(String name) {
        return KeyAttribute.indexOf(sortAttributes(), name) >= 0;
    }

    /**
     * A schema from its parts, checked: 1 to 4 partition attributes, 0 to 4 sort attributes, no name twice.
     *
     * @param description        a name for messages
     * @param partitionAttributes the partition attributes in key order
     * @param sortAttributes      the sort attributes in key order
     * @return the schema
     */
    static IndexKeySchema of(String description, List<KeyAttribute> partitionAttributes,
                             List<KeyAttribute> sortAttributes) {
        return new SimpleIndexKeySchema(description, partitionAttributes, sortAttributes);
    }

    /**
     * A schema from the SDK's key schema elements and attribute definitions (as in CreateTable or
     * DescribeTable), e.g. for a table or a GSI.
     *
     * @param description the name for messages
     * @param keySchema   HASH and RANGE elements in key order
     * @param definitions definitions that give each key attribute's type
     * @return the schema
     */
    static IndexKeySchema from(String description, List<KeySchemaElement> keySchema,
                               List<AttributeDefinition> definitions) {
        Map<String, AttributeDefinition> byName = definitions.stream()
                .collect(Collectors.toMap(AttributeDefinition::attributeName, Function.identity(), (a, b) -> a));
        List<KeyAttribute> partition = new ArrayList<>();
        List<KeyAttribute> sort = new ArrayList<>();
        for (KeySchemaElement element : keySchema) {
            AttributeDefinition definition = byName.get(element.attributeName());
            if (definition == null) {
                throw new DeclarationException("key schema of " + description + ": " + element.attributeName(),
                        "the key attribute has no attribute definition giving its type",
                        "add an AttributeDefinition for '" + element.attributeName() + "'");
            }
            KeyAttribute attribute = new KeyAttribute(element.attributeName(), definition.attributeType());
            (element.keyType() == KeyType.HASH ? partition : sort).add(attribute);
        }
        return of(description, partition, sort);
    }

    /** The plain implementation behind {@link #of}. */
    record SimpleIndexKeySchema(String description, List<KeyAttribute> partitionAttributes,
                                List<KeyAttribute> sortAttributes) implements IndexKeySchema {
        /**
         * Validates the schema.
         *
         * @param description         a name for messages
         * @param partitionAttributes the partition attributes in key order
         * @param sortAttributes      the sort attributes in key order
         */
        public SimpleIndexKeySchema {
            if (description == null || description.isEmpty()) {
                throw new DeclarationException("IndexKeySchema.description", "the description is empty",
                        "describe the table or index for messages, e.g. \"table orders\"");
            }
            partitionAttributes = List.copyOf(partitionAttributes);
            sortAttributes = List.copyOf(sortAttributes);
            if (partitionAttributes.isEmpty() || partitionAttributes.size() > MAX_ATTRIBUTES_PER_SIDE) {
                throw new DeclarationException("key schema of " + description + ": partitionAttributes",
                        "it has " + partitionAttributes.size() + " partition attributes",
                        "declare 1 to " + MAX_ATTRIBUTES_PER_SIDE + " partition attributes");
            }
            if (sortAttributes.size() > MAX_ATTRIBUTES_PER_SIDE) {
                throw new DeclarationException("key schema of " + description + ": sortAttributes",
                        "it has " + sortAttributes.size() + " sort attributes",
                        "declare at most " + MAX_ATTRIBUTES_PER_SIDE + " sort attributes");
            }
            Set<String> names = new HashSet<>();
            for (KeyAttribute attribute : partitionAttributes) {
                if (!names.add(attribute.name())) {
                    throw new DeclarationException("key schema of " + description + ": " + attribute.name(),
                            "the attribute is named twice", "name each key attribute once");
                }
            }
            for (KeyAttribute attribute : sortAttributes) {
                if (!names.add(attribute.name())) {
                    throw new DeclarationException("key schema of " + description + ": " + attribute.name(),
                            "the attribute is named twice", "name each key attribute once");
                }
            }
        }
    }
}
