package io.dynamodbtoolkit.boot.autoconfigure.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToDoubleFunction;

import io.dynamodbtoolkit.mass.MassProgress;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/**
 * Gauges of mass-operation progress: for each adapter and operation, the latest run's items read, processed,
 * skipped and failed ({@value #ITEMS}, tagged {@code state}) and its read rate ({@value #RATE}). As a
 * {@link MassProgressListener} bean it hears every mass-operation run of the application's repositories; give it
 * to mass operations built by hand: {@code MassOperations.of(adapter).withListener(massProgressMetrics)}.
 */
public class MassProgressMetrics implements MassProgressListener {

    /** Items of the latest run, by state: read, processed, skipped, failed. */
    public static final String ITEMS = "dynamodb.toolkit.mass.items";
    /** Items read per second by the latest run. */
    public static final String RATE = "dynamodb.toolkit.mass.rate";

    private final MeterRegistry meters;
    private final Map<String, AtomicReference<MassProgress>> latest = new ConcurrentHashMap<>();

    /** @param meters where the gauges go */
    public MassProgressMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    /** Publishes a run's progress under its adapter and operation. */
    @Override
    public void onProgress(MassProgress progress) {
        holder(progress.adapter(), progress.operation()).set(progress);
    }

    private AtomicReference<MassProgress> holder(String adapter, String operation) {
        return latest.computeIfAbsent(adapter + '\u0000' + operation, key -> {
            AtomicReference<MassProgress> holder = new AtomicReference<>();
            Tags tags = Tags.of("adapter", adapter, "operation", operation);
            gauge(ITEMS, tags.and("state", "read"), holder, MassProgress::read);
            gauge(ITEMS, tags.and("state", "processed"), holder, MassProgress::processed);
            gauge(ITEMS, tags.and("state", "skipped"), holder, MassProgress::skipped);
            gauge(ITEMS, tags.and("state", "failed"), holder, MassProgress::failed);
            Gauge.builder(RATE, holder, reference -> reference.get() == null ? 0 : reference.get().ratePerSecond())
                    .description("Items per second the latest mass-operation run read").baseUnit("items/s")
                    .tags(tags).register(meters);
            return holder;
        });
    }

    private void gauge(String name, Tags tags, AtomicReference<MassProgress> holder,
            ToDoubleFunction<MassProgress> value) {
        Gauge.builder(name, holder, reference -> reference.get() == null ? 0 : value.applyAsDouble(reference.get()))
                .description("Items of the latest mass-operation run, by state").baseUnit("items").tags(tags)
                .register(meters);
    }
}
