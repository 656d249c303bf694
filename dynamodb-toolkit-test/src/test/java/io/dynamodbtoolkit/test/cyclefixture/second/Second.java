package io.dynamodbtoolkit.test.cyclefixture.second;

import io.dynamodbtoolkit.test.cyclefixture.first.First;

/** The other half of the package cycle that {@code PackageDependenciesTest} must find. */
public final class Second {

    private Second() {
    }

    /** @return a value that names the first half, so each package depends on the other */
    public static int value() {
        return First.class.getSimpleName().length();
    }
}
