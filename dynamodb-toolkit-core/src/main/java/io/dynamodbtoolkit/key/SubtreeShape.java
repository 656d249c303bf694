package io.dynamodbtoolkit.key;

/** The three natural subtree shapes of a hierarchical key. */
public enum SubtreeShape {
    /** The rows under a node, not the node itself: {@code begins_with(sk, "TX|Dallas|")}. */
    CHILDREN,
    /**
     * The node itself and every row under it, exactly: never a sibling whose value merely extends the node's
     * ({@code Dallasville} beside {@code Dallas}).
     */
    SELF_AND_DESCENDANTS,
    /** The rows whose next-tier value starts with a prefix, and their subtrees: {@code begins_with(sk, "TX|Dal")}. */
    PARTIAL
}
