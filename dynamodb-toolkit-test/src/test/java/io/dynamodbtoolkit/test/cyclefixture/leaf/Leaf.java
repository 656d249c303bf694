package io.dynamodbtoolkit.test.cyclefixture.leaf;

/** A package the cycle depends on, outside it. */
public final class Leaf {

    /** One. */
    public static final int ONE = 1;

    private Leaf() {
    }
}
