package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.Durability;
import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.StateListener;
import io.dynamodbtoolkit.embedded.engine.TableMetadata;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Keeps an engine's tables and items in a directory, so that they survive a restart: a snapshot of the whole state
 * ({@code snapshot-N.db}) and an append-only log of every change since ({@code log-N.db}).
 *
 * <p>Each write request's changes are appended to the log as one record (length, CRC-32, payload) before the
 * request is answered; a record torn by a crash fails its checksum and is dropped on recovery, with the whole
 * request it belonged to (a transaction is never half-recovered). When the log grows past a threshold, and on
 * close, the state is written to a new snapshot (to a temporary file, forced to disk, then renamed) and a new log is
 * started; the older files are deleted. {@link Durability} says when the log is forced to disk. A lock file keeps a
 * second engine out of the directory.
 */
public final class DataDirectory implements StateListener, Closeable {

    /** The log size past which the next write compacts the directory into a new snapshot: 64 MiB. */
    public static final long DEFAULT_COMPACTION_THRESHOLD = 64L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(DataDirectory.class);
    private static final Pattern SNAPSHOT = Pattern.compile("snapshot-(\\d+)\\.db");
    private static final Pattern LOG_FILE = Pattern.compile("log-(\\d+)\\.db");

    private final Path directory;
    private final Durability durability;
    private final long compactionThreshold;
    private final DynamoDbEngine engine;
    private final StateCodec codec = new StateCodec();
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final ScheduledExecutorService syncer;
    private ArrayNode pending;
    private long generation;
    private FileChannel log;
    private boolean dirty;
    private boolean closed;

    private DataDirectory(Path directory, Durability durability, long compactionThreshold, DynamoDbEngine engine)
            throws IOException {
        this.directory = directory;
        this.durability = durability;
        this.compactionThreshold = compactionThreshold;
        this.engine = engine;
        Files.createDirectories(directory);
        this.lockChannel = FileChannel.open(directory.resolve("lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        this.lock = tryLock(lockChannel);
        if (lock == null) {
            lockChannel.close();
            throw new IllegalStateException("The data directory " + directory + " is in use by another embedded"
                    + " DynamoDB (it holds " + directory.resolve("lock") + "); stop it, or use another directory");
        }
        this.pending = codec.group();
        this.syncer = durability == Durability.SYNC_EVERY_SECOND ? Executors.newSingleThreadScheduledExecutor(
                runnable -> {
                    Thread thread = new Thread(runnable, "embedded-dynamodb-fsync");
                    thread.setDaemon(true);
                    return thread;
                }) : null;
    }

    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /**
     * Opens (creating it if needed) the directory, restores the engine's state from it, and from then on persists
     * every change of the engine.
     *
     * @param directory           the directory
     * @param durability          when the log is forced to disk
     * @param compactionThreshold the log size in bytes past which a new snapshot is written
     * @param engine              an engine with no tables yet
     */
    public static DataDirectory open(Path directory, Durability durability, long compactionThreshold,
                                     DynamoDbEngine engine) {
        try {
            DataDirectory store = new DataDirectory(directory, durability, compactionThreshold, engine);
            try {
                store.recover();
            } catch (IOException | RuntimeException e) {
                store.release();
                throw e;
            }
            engine.addStateListener(store);
            if (store.syncer != null) {
                store.syncer.scheduleWithFixedDelay(store::syncQuietly, 1, 1, TimeUnit.SECONDS);
            }
            return store;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the data directory " + directory, e);
        }
    }

    private void recover() throws IOException {
        long snapshot = -1;
        for (long candidate : generations()) {
            snapshot = Math.max(snapshot, candidate);
        }
        generation = Math.max(snapshot, 0);
        StateListener restorer = engine.restorer();
        if (snapshot >= 0) {
            boolean[] complete = {false};
            RecordFile.read(snapshotFile(snapshot), record -> complete[0] = codec.replay(record, restorer));
            if (!complete[0]) {
                throw new IllegalStateException("The snapshot " + snapshotFile(snapshot) + " is incomplete: the data"
                        + " directory is damaged");
            }
        }
        Path logFile = logFile(generation);
        if (Files.exists(logFile)) {
            long intact = RecordFile.read(logFile, record -> codec.replay(record, restorer));
            long size = Files.size(logFile);
            if (intact < size) {
                LOG.warn("Dropping the last {} bytes of {}: a write cut short by a crash (its request was not"
                        + " answered)", size - intact, logFile);
                try (FileChannel channel = FileChannel.open(logFile, StandardOpenOption.WRITE)) {
                    channel.truncate(intact);
                    channel.force(true);
                }
            }
        }
        deleteOtherGenerations();
        log = FileChannel.open(logFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        if (log.size() == 0) {
            RecordFile.write(log, RecordFile.frame(codec.header()));
            log.force(true);
        }
        LOG.info("Embedded DynamoDB data directory {} opened (snapshot {}, durability {})", directory,
                snapshot < 0 ? "none" : snapshot, durability);
    }

    /** The numbers of the snapshots in the directory (a snapshot file exists only once complete: it is renamed). */
    private long[] generations() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(file -> SNAPSHOT.matcher(file.getFileName().toString())).filter(Matcher::matches)
                    .mapToLong(matcher -> Long.parseLong(matcher.group(1))).toArray();
        }
    }

    private void deleteOtherGenerations() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String name = file.getFileName().toString();
                Matcher snapshot = SNAPSHOT.matcher(name);
                Matcher logName = LOG_FILE.matcher(name);
                boolean stale = (snapshot.matches() && Long.parseLong(snapshot.group(1)) != generation)
                        || (logName.matches() && Long.parseLong(logName.group(1)) != generation)
                        || name.endsWith(".tmp");
                if (stale) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private Path snapshotFile(long number) {
        return directory.resolve("snapshot-" + number + ".db");
    }

    private Path logFile(long number) {
        return directory.resolve("log-" + number + ".db");
    }

    @Override
    public void tableSaved(TableMetadata table) {
        codec.tableSaved(pending, table);
    }

    @Override
    public void tableDropped(String tableName) {
        codec.tableDropped(pending, tableName);
    }

    @Override
    public void itemSaved(String tableName, Map<String, AttributeValue> item) {
        codec.itemSaved(pending, tableName, item);
    }

    @Override
    public void itemDropped(String tableName, Map<String, AttributeValue> key) {
        codec.itemDropped(pending, tableName, key);
    }

    /** Appends the request's changes to the log as one record (called under the engine's write lock). */
    @Override
    public void committed() {
        if (pending.isEmpty()) {
            return;
        }
        if (closed) {
            throw new DynamoDbException(ErrorCode.SERVICE_UNAVAILABLE, "The embedded DynamoDB is closed");
        }
        byte[] record = codec.encode(pending);
        pending = codec.group();
        try {
            synchronized (this) {
                RecordFile.write(log, RecordFile.frame(record));
                if (durability == Durability.SYNC_EVERY_WRITE) {
                    log.force(false);
                } else {
                    dirty = true;
                }
            }
            if (log.size() > compactionThreshold) {
                compact();
            }
        } catch (IOException e) {
            throw new DynamoDbException(ErrorCode.INTERNAL_SERVER_ERROR, "The embedded DynamoDB could not write its"
                    + " data directory " + directory + ": " + e);
        }
    }

    /** Writes the whole state to a new snapshot and starts a new log. */
    private void compact() throws IOException {
        long next = generation + 1;
        Path temporary = directory.resolve("snapshot-" + next + ".db.tmp");
        try (FileChannel snapshot = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            RecordFile.write(snapshot, RecordFile.frame(codec.header()));
            SnapshotWriter writer = new SnapshotWriter(snapshot);
            engine.exportState(writer);
            writer.flush();
            RecordFile.write(snapshot, RecordFile.frame(codec.end()));
            snapshot.force(true);
        }
        move(temporary, snapshotFile(next));
        Files.deleteIfExists(logFile(next));
        FileChannel nextLog = FileChannel.open(logFile(next), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        RecordFile.write(nextLog, RecordFile.frame(codec.header()));
        nextLog.force(true);
        synchronized (this) {
            log.close();
            log = nextLog;
            dirty = false;
            generation = next;
        }
        deleteOtherGenerations();
        LOG.debug("Data directory {} compacted into snapshot {}", directory, next);
    }

    private void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
        try (FileChannel directoryChannel = FileChannel.open(directory, StandardOpenOption.READ)) {
            directoryChannel.force(true);
        } catch (IOException e) {
            LOG.trace("This file system cannot force a directory", e);
        }
    }

    /** Streams the exported state into snapshot records of up to 1,000 events. */
    private final class SnapshotWriter implements StateListener {
        private static final int EVENTS_PER_RECORD = 1000;
        private final FileChannel channel;
        private ArrayNode group = codec.group();

        SnapshotWriter(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void tableSaved(TableMetadata table) {
            codec.tableSaved(group, table);
            flushIfFull();
        }

        @Override
        public void tableDropped(String tableName) {
            codec.tableDropped(group, tableName);
            flushIfFull();
        }

        @Override
        public void itemSaved(String tableName, Map<String, AttributeValue> item) {
            codec.itemSaved(group, tableName, item);
            flushIfFull();
        }

        @Override
        public void itemDropped(String tableName, Map<String, AttributeValue> key) {
            codec.itemDropped(group, tableName, key);
            flushIfFull();
        }

        @Override
        public void committed() {
            flush();
        }

        private void flushIfFull() {
            if (group.size() >= EVENTS_PER_RECORD) {
                flush();
            }
        }

        void flush() {
            if (group.isEmpty()) {
                return;
            }
            try {
                RecordFile.write(channel, RecordFile.frame(codec.encode(group)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            group = codec.group();
        }
    }

    private void syncQuietly() {
        try {
            synchronized (this) {
                if (dirty && !closed) {
                    log.force(false);
                    dirty = false;
                }
            }
        } catch (IOException e) {
            LOG.warn("Could not force the log of {} to disk", directory, e);
        }
    }

    /** Writes a final snapshot, closes the log and releases the directory. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (syncer != null) {
            syncer.shutdownNow();
        }
        try {
            compact();
        } catch (IOException e) {
            LOG.warn("Could not write a final snapshot of {}; the log keeps every change", directory, e);
        } finally {
            synchronized (this) {
                closed = true;
            }
            release();
        }
    }

    private void release() {
        try {
            if (log != null) {
                log.force(true);
                log.close();
            }
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.warn("Could not release the data directory {}", directory, e);
        }
    }
}
