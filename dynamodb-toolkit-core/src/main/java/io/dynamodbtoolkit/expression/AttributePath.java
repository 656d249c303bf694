package io.dynamodbtoolkit.expression;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An immutable document path: a top-level attribute name followed by map keys and list indexes, e.g.
 * {@code address.lines[1]}.
 *
 * <p>Names are held literally: {@link #of(String)} takes one attribute name as it is, whatever it contains
 * ({@code .}, {@code [}, {@code #}, {@code :}, spaces, any unicode), and {@link #parse(String)} reads the
 * document-path syntax. A path is rendered into an expression only through {@link Placeholders#path}, so no
 * name is ever written into an expression string.
 */
public final class AttributePath {

    /** One step of a path: a map key / attribute name or a list index. */
    public sealed interface Segment permits Name, Index {
    }

    /**
     * An attribute name or map key, taken literally.
     *
     * @param name the name, not empty
     */
    public record Name(String name) implements Segment {
        /**
         * Validates the name.
         *
         * @param name the name, not empty
         */
        public Name {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("An attribute name cannot be null or empty");
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * A list index.
     *
     * @param index the index, zero or more
     */
    public record Index(int index) implements Segment {
        /**
         * Validates the index.
         *
         * @param index the index, zero or more
         */
        public Index {
            if (index < 0) {
                throw new IllegalArgumentException("A list index cannot be negative, got " + index);
            }
        }

        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }

    private final List<Segment> segments;

    private AttributePath(List<Segment> segments) {
        this.segments = Collections.unmodifiableList(segments);
    }

    /**
     * One top-level attribute whose name is taken literally, whatever characters it contains.
     *
     * @param name the attribute name, not empty
     * @return the path
     */
    public static AttributePath of(String name) {
        List<Segment> segments = new ArrayList<>(1);
        segments.add(new Name(name));
        return new AttributePath(segments);
    }

    /**
     * Parses document-path syntax: names separated by {@code .}, list indexes in brackets, e.g.
     * {@code a.b[2].c} or {@code matrix[0][1]}. A name here cannot contain {@code .}, {@code [} or {@code ]};
     * build such paths with {@link #of(String)} and {@link #child(String)}. Every other character (spaces,
     * {@code #}, {@code :}, unicode) is part of the name.
     *
     * @param documentPath the path text
     * @return the path
     * @throws IllegalArgumentException if the text is not a well-formed path
     */
    public static AttributePath parse(String documentPath) {
        if (documentPath == null || documentPath.isEmpty()) {
            throw new IllegalArgumentException("A document path cannot be null or empty");
        }
        List<Segment> segments = new ArrayList<>();
        int position = 0;
        int length = documentPath.length();
        boolean expectName = true;
        while (position < length) {
            char c = documentPath.charAt(position);
            if (expectName) {
                int end = position;
                while (end < length && "[].".indexOf(documentPath.charAt(end)) < 0) {
                    end++;
                }
                if (end == position) {
                    throw malformed(documentPath, position, "an attribute name");
                }
                segments.add(new Name(documentPath.substring(position, end)));
                position = end;
                expectName = false;
            } else if (c == '.') {
                position++;
                expectName = true;
                if (position == length) {
                    throw malformed(documentPath, position, "an attribute name after '.'");
                }
            } else if (c == '[') {
                int close = documentPath.indexOf(']', position);
                if (close < 0) {
                    throw malformed(documentPath, position, "a closing ']'");
                }
                String digits = documentPath.substring(position + 1, close);
                if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    throw malformed(documentPath, position + 1, "a list index (digits only)");
                }
                try {
                    segments.add(new Index(Integer.parseInt(digits)));
                } catch (NumberFormatException e) {
                    throw malformed(documentPath, position + 1, "a list index that fits an int");
                }
                position = close + 1;
            } else {
                throw malformed(documentPath, position, "'.' or '['");
            }
        }
        return new AttributePath(segments);
    }

    private static IllegalArgumentException malformed(String path, int position, String expected) {
        return new IllegalArgumentException("Malformed document path \"" + path + "\": expected " + expected
                + " at position " + position + ". Use AttributePath.of(name) for a name that contains '.', '[' or ']'");
    }

    /**
     * This path followed by a map key.
     *
     * @param name the key, taken literally
     * @return the longer path
     */
    public AttributePath child(String name) {
        List<Segment> longer = new ArrayList<>(segments);
        longer.add(new Name(name));
        return new AttributePath(longer);
    }

    /**
     * This path followed by a list index.
     *
     * @param index the index, zero or more
     * @return the longer path
     */
    public AttributePath index(int index) {
        List<Segment> longer = new ArrayList<>(segments);
        longer.add(new Index(index));
        return new AttributePath(longer);
    }

    /**
     * The name of the top-level attribute this path starts at.
     *
     * @return the name
     */
    public String topLevelName() {
        return ((Name) segments.get(0)).name();
    }

    /**
     * Whether this path is just a top-level attribute.
     *
     * @return {@code true} for a one-segment path
     */
    public boolean isTopLevel() {
        return segments.size() == 1;
    }

    /**
     * The segments, first is always a {@link Name}.
     *
     * @return an unmodifiable list
     */
    public List<Segment> segments() {
        return segments;
    }

    /**
     * Whether {@code prefix} is this path or an ancestor of it ({@code a} starts {@code a.b} and {@code a[0]}).
     *
     * @param prefix the candidate prefix
     * @return {@code true} if this path starts with all of prefix's segments
     */
    public boolean startsWith(AttributePath prefix) {
        return prefix.segments.size() <= segments.size()
                && segments.subList(0, prefix.segments.size()).equals(prefix.segments);
    }

    /**
     * Whether the two paths overlap (one is the other or an ancestor of it), which DynamoDB rejects within
     * one update expression or one projection.
     *
     * @param other another path
     * @return {@code true} if they overlap
     */
    public boolean overlaps(AttributePath other) {
        return startsWith(other) || other.startsWith(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AttributePath other && segments.equals(other.segments);
    }

    @Override
    public int hashCode() {
        return Objects.hash(segments);
    }

    /**
     * Document-path text for messages; a name containing {@code .}, {@code [} or {@code ]} is shown in
     * backquotes so the text stays unambiguous.
     */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Segment segment : segments) {
            if (segment instanceof Name name) {
                if (text.length() > 0) {
                    text.append('.');
                }
                String raw = name.name();
                boolean needsQuotes = raw.indexOf('.') >= 0 || raw.indexOf('[') >= 0 || raw.indexOf(']') >= 0;
                text.append(needsQuotes ? "`" + raw + "`" : raw);
            } else {
                text.append(segment);
            }
        }
        return text.toString();
    }
}
