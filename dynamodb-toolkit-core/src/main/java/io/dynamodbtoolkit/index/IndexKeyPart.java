package io.dynamodbtoolkit.index;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.expression.KeyAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One side (partition or sort) of a secondary index's key, and how its attribute values come from an item:
 * <ul>
 *   <li>{@link AttributeKeyPart}: one attribute the item carries itself (e.g. {@code reviewFlag});</li>
 *   <li>{@link CompositeKeyPart}: one string attribute the toolkit composes from several fields, like the
 *   structural key ({@code status|createdAt}), zero-padded and separated;</li>
 *   <li>{@link MultiAttributeKeyPart}: DynamoDB's native multi-attribute key, up to 4 attributes the item
 *   carries itself;</li>
 *   <li>{@link MarkerKeyPart}: a marker attribute the toolkit writes with a constant value, optionally sharded
 *   ({@code Y#0} .. {@code Y#15}), present only on members.</li>
 * </ul>
 */
public sealed interface IndexKeyPart permits AttributeKeyPart, CompositeKeyPart, MultiAttributeKeyPart,
        MarkerKeyPart {

    /** @return the DynamoDB key attributes of this side, in key order */
    List<KeyAttribute> keyAttributes();

    /** @return whether the toolkit writes the key attributes (composite and marker parts) */
    boolean isDerived();

    /** @return the item attributes the key attributes are, or are computed from */
    Set<String> sourceFields();

    /**
     * @param item an item's attributes
     * @return the key attribute values this side has for the item, or empty when the item lacks a source field
     *         (and so is not in the index)
     */
    Optional<Map<String, AttributeValue>> valuesFor(Map<String, AttributeValue> item);
}
