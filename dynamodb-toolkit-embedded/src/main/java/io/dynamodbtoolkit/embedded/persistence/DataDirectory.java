package io.dynamodbtoolkit.embedded.persistence;

import io.dynamodbtoolkit.embedded.engine.DynamoDbEngine;
import io.dynamodbtoolkit.embedded.engine.StateListener;
import io.dynamodbtoolkit.embedded.engine.TableMetadata;
import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;
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
 * request is answered; a last record torn by a crash fails its checksum and is dropped on recovery, with the whole
 * request it belonged to (a transaction is never half-recovered). Damage no crash explains (a bad record with intact
 * records after it, a damaged snapshot) refuses the start unless {@link Recovery#TRUNCATE} accepts the loss. When
 * the log grows past a threshold, and on close, the state is written to a new snapshot (to a temporary file, forced
 * to disk, then renamed) and a new log is started; the older files are deleted. {@link Durability} says when the log is
 * forced to disk. A lock file keeps a second engine out of the directory.
 */
public final class DataDirectory implements StateListener, Closeable {

    /** The log size past which the next write compacts the directory into a new snapshot: 64 MiB. */
    public static final long DEFAULT_COMPACTION_THRESHOLD = 64L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(DataDirectory.class);
    private static final Pattern SNAPSHOT = Pattern.compile("snapshot-(\\d+)\\.db");
    private static final Pattern LOG_FILE = Pattern.compile("log-(\\d+)\\.db");

    private final Path directory;
    private final Durability durability;
    private final Recovery recovery;
    private final long compactionThreshold;
    private final DynamoDbEngine engine;
    private final StateCodec codec = new StateCodec();
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final @Nullable ScheduledExecutorService syncer;
    private ArrayNode pending;
    private long generation;
    /** The current log, opened by {@link #recover()} (null until then). */
    private @Nullable FileChannel log;
    private boolean dirty;
    private boolean closed;

    private DataDirectory(Path directory, Durability durability, Recovery recovery, long compactionThreshold,
                          DynamoDbEngine engine) throws IOException {
        this.directory = directory;
        this.durability = durability;
        this.recovery = recovery;
        this.compactionThreshold = compactionThreshold;
        this.engine = engine;
        Files.createDirectories(directory);
        this.lockChannel = FileChannel.open(directory.resolve("lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock acquired = tryLock(lockChannel);
        if (acquired == null) {
            lockChannel.close();
            throw new IllegalStateException("The data directory " + directory + " is in use by another embedded"
                    + " DynamoDB (it holds " + directory.resolve("lock") + "); stop it, or use another directory");
        }
        this.lock = acquired;
        this.pending = codec.group();
        this.syncer = durability == Durability.SYNC_EVERY_SECOND ? Executors.newSingleThreadScheduledExecutor(
                runnable -> {
                    Thread thread = new Thread(runnable, "embedded-dynamodb-fsync");
                    thread.setDaemon(true);
                    return thread;
                }) : null;
    }

    private static @Nullable FileLock tryLock(FileChannel channel) throws IOException {
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
     * @param recovery            what a damaged file no crash explains does to the start
     * @param compactionThreshold the log size in bytes past which a new snapshot is written
     * @param engine              an engine with no tables yet
     * @throws IllegalStateException when a file is damaged and {@code recovery} is {@link Recovery#REFUSE}, naming
     *                               the file, the offset and the option (the directory is left untouched)
     */
    public static DataDirectory open(Path directory, Durability durability, Recovery recovery,
                                     long compactionThreshold, DynamoDbEngine engine) {
        try {
            DataDirectory store = new DataDirectory(directory, durability, recovery, compactionThreshold, engine);
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
        LostTableFilter restorer = new LostTableFilter(engine.restorer());
        boolean snapshotSalvaged = false;
        if (snapshot >= 0) {
            Path snapshotFile = snapshotFile(snapshot);
            boolean[] complete = {false};
            RecordFile.Contents contents = RecordFile.read(snapshotFile,
                    record -> complete[0] = codec.replay(record, restorer));
            if (contents.damaged() || !complete[0]) {
                copyDamageAside(snapshotFile, contents, "a snapshot is complete before it is used, so no crash explains"
                        + " this");
                restorer.skipLostTables();
                snapshotSalvaged = true;
            }
        }
        Path logFile = logFile(generation);
        if (Files.exists(logFile)) {
            RecordFile.Contents contents = RecordFile.read(logFile, record -> codec.replay(record, restorer));
            if (contents.intactRecordAfterDamage()) {
                copyDamageAside(logFile, contents, "intact records follow it, so it is not a write cut short by a"
                        + " crash");
                truncate(logFile, contents.intactEnd());
            } else if (contents.damaged()) {
                LOG.warn("Dropping the last {} bytes of {}: a write cut short by a crash (its request was not"
                        + " answered)", contents.size() - contents.intactEnd(), logFile);
                truncate(logFile, contents.intactEnd());
            }
        }
        if (restorer.skipped() > 0) {
            LOG.warn("Skipped {} item changes of the log of {} on tables lost with the damaged snapshot",
                    restorer.skipped(), directory);
        }
        deleteOtherGenerations();
        FileChannel opened = FileChannel.open(logFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        log = opened;
        if (opened.size() == 0) {
            RecordFile.write(opened, RecordFile.frame(codec.header()));
            opened.force(true);
        }
        if (snapshotSalvaged) {
            compact();
        }
        LOG.info("Embedded DynamoDB data directory {} opened (snapshot {}, durability {})", directory,
                snapshot < 0 ? "none" : snapshot, durability);
    }

    /**
     * Handles damage no crash explains: refuses the start (before anything is written), or with
     * {@link Recovery#TRUNCATE} copies the bytes from the damage on to a new file next to it, for the caller to drop
     * them (a log is cut there, a snapshot replaced by a new one after the log's replay).
     */
    private void copyDamageAside(Path file, RecordFile.Contents contents, String why) throws IOException {
        long offset = contents.intactEnd();
        Path aside = file.resolveSibling(file.getFileName() + ".damaged-from-" + offset);
        for (int attempt = 2; Files.exists(aside); attempt++) {
            aside = file.resolveSibling(file.getFileName() + ".damaged-from-" + offset + "-" + attempt);
        }
        String damage = file + " is damaged at byte offset " + offset + " of " + contents.size() + " ("
                + (contents.damaged() ? "a record there is cut short or fails its checksum" : "its closing record is"
                + " missing") + "; " + why + ")";
        if (recovery != Recovery.TRUNCATE) {
            throw new DamagedDataDirectoryException("The data directory file " + damage + ". The engine does not start"
                    + " rather than drop the " + (contents.size() - offset) + " bytes from there on, which may hold"
                    + " answered writes; the directory is left untouched. Restore it from a backup, or start with"
                    + " recovery TRUNCATE (EmbeddedDynamoDb.builder().recovery(Recovery.TRUNCATE), --recover"
                    + " truncate for the standalone server, dynamodb.toolkit.embedded.recover=truncate in Spring"
                    + " Boot) to keep the records before that offset, after copying the bytes from it on to "
                    + aside);
        }
        try (FileChannel source = FileChannel.open(file, StandardOpenOption.READ);
             FileChannel copy = FileChannel.open(aside, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long copied = 0;
            while (copied < contents.size() - offset) {
                copied += source.transferTo(offset + copied, contents.size() - offset - copied, copy);
            }
            copy.force(true);
        }
        LOG.warn("Recovery TRUNCATE: the data directory file {}; dropped the {} bytes from there on, copied aside to"
                + " {}", damage, contents.size() - offset, aside);
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(size);
            channel.force(true);
        }
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
                RecordFile.write(log(), RecordFile.frame(record));
                if (durability == Durability.SYNC_EVERY_WRITE) {
                    log().force(false);
                } else {
                    dirty = true;
                }
            }
            if (log().size() > compactionThreshold) {
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
            log().close();
            log = nextLog;
            dirty = false;
            generation = next;
        }
        deleteOtherGenerations();
        LOG.debug("Data directory {} compacted into snapshot {}", directory, next);
    }

    /** The current log; the directory is handed out only once {@link #recover()} has opened it. */
    private FileChannel log() {
        FileChannel current = log;
        if (current == null) {
            throw new IllegalStateException("The log of the data directory " + directory + " is not open");
        }
        return current;
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
                    log().force(false);
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
            FileChannel current = log;
            if (current != null) {
                current.force(true);
                current.close();
            }
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.warn("Could not release the data directory {}", directory, e);
        }
    }
}
