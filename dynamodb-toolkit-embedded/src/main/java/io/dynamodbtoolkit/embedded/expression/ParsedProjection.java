package io.dynamodbtoolkit.embedded.expression;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.ListValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.MapValue;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of document paths to keep from an item (a ProjectionExpression, or the paths an update wrote). Nested
 * paths keep the enclosing maps; list indexes keep the selected elements, in index order.
 */
public final class ParsedProjection {

    private final List<DocumentPath> paths;
    private final String parameterName;
    private final Node root = new Node();

    /** The paths of a ProjectionExpression (or that an update wrote). */
    public ParsedProjection(List<DocumentPath> paths) {
        this(paths, "ProjectionExpression");
    }

    private ParsedProjection(List<DocumentPath> paths, String parameterName) {
        this.paths = List.copyOf(paths);
        this.parameterName = parameterName;
        for (DocumentPath path : this.paths) {
            Node node = root;
            for (PathElement element : path.elements()) {
                node = node.children.computeIfAbsent(element, e -> new Node());
            }
            node.whole = true;
        }
    }

    /** The legacy AttributesToGet: top-level attribute names, taken literally. */
    public static ParsedProjection attributesToGet(List<String> names) {
        List<DocumentPath> paths = new ArrayList<>();
        for (String name : names) {
            paths.add(DocumentPath.of(name));
        }
        return new ParsedProjection(paths, "AttributesToGet");
    }

    public List<DocumentPath> paths() {
        return paths;
    }

    /** The request parameter the projection came from, for error messages. */
    public String parameterName() {
        return parameterName;
    }

    /** The top-level attribute names the projection reads. */
    public List<String> topLevelNames() {
        List<String> names = new ArrayList<>();
        for (PathElement element : root.children.keySet()) {
            names.add(((PathElement.Name) element).name());
        }
        return names;
    }

    /** The part of the item the paths select (attributes in the item's order). */
    public Map<String, AttributeValue> apply(@Nullable Map<String, AttributeValue> item) {
        Map<String, AttributeValue> result = new LinkedHashMap<>();
        if (item == null) {
            return result;
        }
        for (Map.Entry<PathElement, Node> child : root.children.entrySet()) {
            String name = ((PathElement.Name) child.getKey()).name();
            AttributeValue projected = project(item.get(name), child.getValue());
            if (projected != null) {
                result.put(name, projected);
            }
        }
        return result;
    }

    private static @Nullable AttributeValue project(@Nullable AttributeValue value, Node node) {
        if (value == null || node.whole) {
            return value;
        }
        if (value instanceof MapValue map) {
            Map<String, AttributeValue> kept = new LinkedHashMap<>();
            for (Map.Entry<PathElement, Node> child : node.children.entrySet()) {
                if (child.getKey() instanceof PathElement.Name name) {
                    AttributeValue projected = project(map.values().get(name.name()), child.getValue());
                    if (projected != null) {
                        kept.put(name.name(), projected);
                    }
                }
            }
            return kept.isEmpty() ? null : new MapValue(kept);
        }
        if (value instanceof ListValue list) {
            TreeMap<Integer, AttributeValue> kept = new TreeMap<>();
            for (Map.Entry<PathElement, Node> child : node.children.entrySet()) {
                if (child.getKey() instanceof PathElement.Index index && index.index() < list.values().size()) {
                    AttributeValue projected = project(list.values().get(index.index()), child.getValue());
                    if (projected != null) {
                        kept.put(index.index(), projected);
                    }
                }
            }
            return kept.isEmpty() ? null : new ListValue(new ArrayList<>(kept.values()));
        }
        return null;
    }

    private static final class Node {
        private final Map<PathElement, Node> children = new LinkedHashMap<>();
        private boolean whole;
    }
}
