package io.dynamodbtoolkit.test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The tables created during one stretch of a test class's life (the class, a nested class, one test method), dropped
 * together when it closes. Scopes are entered on the thread that runs the test code, so that
 * {@link TestTables#create} attaches a new table to the innermost scope open on the calling thread.
 */
final class TableScope {

    private static final ThreadLocal<Deque<TableScope>> OPEN_ON_THREAD =
            ThreadLocal.withInitial(ConcurrentLinkedDeque::new);

    private final ClassResources resources;
    private final String description;
    private final List<String> tables = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile @Nullable Deque<TableScope> enteredOn;

    TableScope(ClassResources resources, String description) {
        this.resources = resources;
        this.description = description;
    }

    /** The innermost scope entered on the current thread and not yet closed, of any test class. */
    static Optional<TableScope> innermost() {
        return Optional.ofNullable(OPEN_ON_THREAD.get().peekFirst());
    }

    /** The innermost scope entered on the current thread that belongs to these resources. */
    static Optional<TableScope> innermostOf(ClassResources resources) {
        return OPEN_ON_THREAD.get().stream().filter(scope -> scope.resources == resources).findFirst();
    }

    /** Makes this the innermost scope of the current thread until it is closed. Entering twice has no effect. */
    TableScope enter() {
        if (enteredOn == null) {
            Deque<TableScope> open = OPEN_ON_THREAD.get();
            open.push(this);
            enteredOn = open;
        }
        return this;
    }

    ClassResources resources() {
        return resources;
    }

    /** Attaches a table to this scope so that it is dropped when the scope closes. */
    void register(String tableName) {
        if (closed.get()) {
            throw new IllegalStateException("Cannot create a test table in the " + description
                    + " scope: it has ended and its tables were dropped");
        }
        tables.add(tableName);
    }

    /** Leaves the thread's scope stack and drops this scope's tables, newest first. Closing twice has no effect. */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Deque<TableScope> open = enteredOn;
        if (open != null) {
            open.removeFirstOccurrence(this);
        }
        List<String> toDrop;
        synchronized (tables) {
            toDrop = new ArrayList<>(tables);
        }
        Collections.reverse(toDrop);
        resources.tables().drop(toDrop, description);
    }
}
