package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * A document path such as {@code a.b[2].c}, with placeholders already substituted. The first element is always a
 * top-level attribute name.
 */
public record DocumentPath(List<PathElement> elements) {

    public DocumentPath {
        elements = List.copyOf(elements);
    }

    /** A path of one top-level attribute. */
    public static DocumentPath of(String attributeName) {
        return new DocumentPath(List.of(new PathElement.Name(attributeName)));
    }

    /** The top-level attribute this path starts from. */
    public String topLevelName() {
        return ((PathElement.Name) elements.get(0)).name();
    }

    public boolean isTopLevel() {
        return elements.size() == 1;
    }

    public int length() {
        return elements.size();
    }

    public PathElement element(int index) {
        return elements.get(index);
    }

    /** The value at this path in the item, or {@code null} when the path does not exist. */
    public @Nullable AttributeValue resolve(@Nullable Map<String, AttributeValue> item) {
        if (item == null) {
            return null;
        }
        AttributeValue current = item.get(topLevelName());
        for (int i = 1; i < elements.size() && current != null; i++) {
            current = step(current, elements.get(i));
        }
        return current;
    }

    static @Nullable AttributeValue step(AttributeValue current, PathElement element) {
        if (element instanceof PathElement.Name name) {
            return current instanceof MapValue map ? map.values().get(name.name()) : null;
        }
        int index = ((PathElement.Index) element).index();
        if (current instanceof ListValue list && index < list.values().size()) {
            return list.values().get(index);
        }
        return null;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                text.append(", ");
            }
            text.append(elements.get(i));
        }
        return text.append(']').toString();
    }
}
