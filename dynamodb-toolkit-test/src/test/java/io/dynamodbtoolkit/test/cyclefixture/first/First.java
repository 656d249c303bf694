package io.dynamodbtoolkit.test.cyclefixture.first;

import io.dynamodbtoolkit.test.cyclefixture.leaf.Leaf;
import io.dynamodbtoolkit.test.cyclefixture.second.Second;

/** Half of a package cycle that {@code PackageDependenciesTest} must find. */
public final class First {

    private First() {
    }

    /** @return a value read through the other half of the cycle */
    public static int value() {
        return Second.value() + Leaf.ONE;
    }
}
