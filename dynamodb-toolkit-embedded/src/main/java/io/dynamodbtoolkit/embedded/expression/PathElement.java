package io.dynamodbtoolkit.embedded.expression;

/** One step of a document path: an attribute or map key name, or a list index. */
public sealed interface PathElement {

    /** A map key (or, first in a path, a top-level attribute name). */
    record Name(String name) implements PathElement {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A list index. */
    record Index(int index) implements PathElement {
        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }
}
