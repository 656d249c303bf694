package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and removes values at document paths of an item, copying what it changes (stored items are never
 * mutated).
 */
final class DocumentEditor {

    private DocumentEditor() {
    }

    /**
     * Sets the value at the path: a missing map key is added, a list index past the end appends. Fails as DynamoDB
     * does when the parent of the path does not exist or has the wrong type.
     */
    static void set(Map<String, AttributeValue> item, DocumentPath path, AttributeValue value) {
        String top = path.topLevelName();
        if (path.isTopLevel()) {
            item.put(top, value);
            return;
        }
        item.put(top, rewrite(item.get(top), path.elements(), 1, value, false));
    }

    /** Removes the value at the path; removing a missing map key or list index does nothing. */
    static void remove(Map<String, AttributeValue> item, DocumentPath path) {
        String top = path.topLevelName();
        if (path.isTopLevel()) {
            item.remove(top);
            return;
        }
        item.put(top, rewrite(item.get(top), path.elements(), 1, null, true));
    }

    private static AttributeValue rewrite(@Nullable AttributeValue container, List<PathElement> path, int position,
                                          @Nullable AttributeValue value, boolean removing) {
        PathElement element = path.get(position);
        boolean last = position == path.size() - 1;
        if (element instanceof PathElement.Name name && container instanceof MapValue map) {
            Map<String, AttributeValue> copy = new LinkedHashMap<>(map.values());
            if (last) {
                if (removing) {
                    copy.remove(name.name());
                } else {
                    copy.put(name.name(), value);
                }
            } else {
                copy.put(name.name(), rewrite(copy.get(name.name()), path, position + 1, value, removing));
            }
            return new MapValue(copy);
        }
        if (element instanceof PathElement.Index index && container instanceof ListValue list) {
            List<AttributeValue> copy = new ArrayList<>(list.values());
            int i = index.index();
            if (last) {
                if (removing) {
                    if (i < copy.size()) {
                        copy.remove(i);
                    }
                } else if (i < copy.size()) {
                    copy.set(i, value);
                } else {
                    copy.add(value);
                }
            } else {
                AttributeValue child = i < copy.size() ? copy.get(i) : null;
                copy.set(i, rewrite(child, path, position + 1, value, removing));
            }
            return new ListValue(copy);
        }
        throw invalidPath();
    }

    static DynamoDbException invalidPath() {
        return DynamoDbException.validation(
                "The document path provided in the update expression is invalid for update");
    }
}
