package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import org.jspecify.annotations.Nullable;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private final Map<String, DeletedTable> deleting = new TreeMap<>();
    private final Clock clock;
    private final Duration statusDelay;
    private final StreamStore streams;
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private final ChangeListener changes = new ChangeListener() {
        @Override
        public void itemChanged(Table table, @Nullable StoredItem before, @Nullable StoredItem after,
                                boolean byService) {
            for (ChangeListener listener : listeners) {
                listener.itemChanged(table, before, after, byService);
            }
        }

        @Override
        public void tableChanged(Table table) {
            for (ChangeListener listener : listeners) {
                listener.tableChanged(table);
            }
        }

        @Override
        public void tableDropped(String tableName) {
            for (ChangeListener listener : listeners) {
                listener.tableDropped(tableName);
            }
        }

        @Override
        public void committed() {
            for (ChangeListener listener : listeners) {
                listener.committed();
            }
        }
    };

    /** A deleted table still shown as DELETING until {@code goneAt}. */
    record DeletedTable(TableDescription description, Instant goneAt) {
    }

    /**
     * @param clock       the engine's clock
     * @param statusDelay how long tables stay CREATING, UPDATING or DELETING (zero: changes are immediate)
     */
    Catalog(Clock clock, Duration statusDelay) {
        this.clock = clock;
        this.statusDelay = statusDelay;
        this.streams = new StreamStore(clock);
        listeners.add(streams);
    }

    /** The streams of the engine's tables. */
    StreamStore streams() {
        return streams;
    }

    /** What every table tells of its committed item changes: the streams, then any listener added. */
    ChangeListener changes() {
        return changes;
    }

    /** Adds a listener told of every committed item change after the streams. */
    void addListener(ChangeListener listener) {
        listeners.add(listener);
    }

    Clock clock() {
        return clock;
    }

    /** The instant now. */
    Instant now() {
        return clock.instant();
    }

    /** How long tables stay CREATING, UPDATING or DELETING. */
    Duration statusDelay() {
        return statusDelay;
    }

    /**
     * The table for a data operation, or a ResourceNotFoundException when there is none or it is still CREATING
     * (as in DynamoDB, data operations wait for ACTIVE). Call under the lock.
     */
    Table require(String name) {
        Table table = tables.get(name);
        if (table == null || table.creating(clock)) {
            throw DynamoDbException.resourceNotFound();
        }
        return table;
    }

    /** Deleted tables still shown as DELETING, by name (the ones gone are dropped first). Call under the lock. */
    Map<String, DeletedTable> deleting() {
        Instant now = now();
        deleting.values().removeIf(table -> !now.isBefore(table.goneAt()));
        return deleting;
    }

    /** The table or {@code null}. Call under the lock. */
    @Nullable Table find(String name) {
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

    /** Runs a write section under the exclusive lock; listeners are told when it ends (its changes are one unit). */
    <T> T write(Supplier<T> action) {
        lock.writeLock().lock();
        try {
            return action.get();
        } finally {
            try {
                if (lock.getWriteHoldCount() == 1) {
                    changes.committed();
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }
}
