package io.dynamodbtoolkit.embedded.support;

import java.util.concurrent.atomic.AtomicInteger;

/** Unique table names for one test class, so test classes sharing a server never see each other's tables. */
public final class TableNames {

    private static final AtomicInteger CLASSES = new AtomicInteger();

    private final String prefix;
    private final AtomicInteger counter = new AtomicInteger();

    TableNames(Class<?> testClass) {
        this.prefix = testClass.getSimpleName() + "-" + CLASSES.incrementAndGet() + "-";
    }

    /** A new table name, never returned before in this run. */
    public String next() {
        return prefix + counter.incrementAndGet();
    }
}
