package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

import java.time.Clock;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The tables of one engine instance and the lock that makes operations atomic: reads share the lock, writes
 * (including whole transactions and batches) hold it exclusively, so a transaction is isolated from concurrent
 * writers and a reader never sees half of one.
 */
final class Catalog {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Table> tables = new TreeMap<>();
    private final Clock clock;

    Catalog(Clock clock) {
        this.clock = clock;
    }

    Clock clock() {
        return clock;
    }

    /** The table, or a ResourceNotFoundException. Call under the lock. */
    Table require(String name) {
        Table table = tables.get(name);
        if (table == null) {
            throw DynamoDbException.resourceNotFound();
        }
        return table;
    }

    /** The table or {@code null}. Call under the lock. */
    Table find(String name) {
        return tables.get(name);
    }

    Map<String, Table> tables() {
        return tables;
    }

    <T> T read(Supplier<T> action) {
        lock.readLock().lock();
        try {
            return action.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    <T> T write(Supplier<T> action) {
        lock.writeLock().lock();
        try {
            return action.get();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
