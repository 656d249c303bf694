package io.dynamodbtoolkit.mass;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The running counts of a mass operation, safe to update from concurrent writers. */
final class MassTally {

    private final AtomicLong read = new AtomicLong();
    private final AtomicLong processed = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final ConcurrentLinkedQueue<MassFailure> failed = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<MassConflict> conflicts = new ConcurrentLinkedQueue<>();

    void read(long items) {
        read.addAndGet(items);
    }

    void processed(long items) {
        processed.addAndGet(items);
    }

    void skipped() {
        skipped.incrementAndGet();
    }

    void skipped(long items) {
        skipped.addAndGet(items);
    }

    void failed(Map<String, AttributeValue> key, @Nullable String reason, Throwable cause) {
        failed.add(new MassFailure(key, reason, cause));
    }

    void conflict(Map<String, AttributeValue> key, @Nullable String reason) {
        conflicts.add(new MassConflict(key, reason));
    }

    long readCount() {
        return read.get();
    }

    int failedCount() {
        return failed.size();
    }

    /** @return the keys of the items that failed, to carry in the cursor */
    List<Map<String, AttributeValue>> failedKeys() {
        return failed.stream().map(MassFailure::key).distinct().toList();
    }

    /** @return the first failure that stops the run (see {@link MassFailure#stopsRun()}), or null */
    @Nullable MassFailure stopper() {
        return failed.stream().filter(MassFailure::stopsRun).findFirst().orElse(null);
    }

    MassProgress progress(String adapter, String operation, Duration elapsed) {
        return new MassProgress(adapter, operation, read.get(), processed.get(), skipped.get(),
                failed.size() + (long) conflicts.size(), elapsed);
    }

    /** @return the outcomes of one given list of items (see {@link MassWrites}) */
    MassPageResult pageResult() {
        return new MassPageResult(processed.get(), skipped.get(), List.copyOf(failed), List.copyOf(conflicts));
    }

    MassResult result(@Nullable String cursor, @Nullable Throwable stoppedBy) {
        return new MassResult(processed.get(), skipped.get(), List.copyOf(failed), List.copyOf(conflicts), cursor,
                stoppedBy);
    }
}
