package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.mass.AsyncMassOperations;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassPacing;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.springdata.mapping.AfterConvertCallback;
import io.dynamodbtoolkit.springdata.mapping.EntityItemMapper;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * One entity class bound to a template's adapter: its mapper (its tier classes checked against the key design when
 * bound), the adapter typed to it (reads pass the after-convert callbacks), and the mass-operation engine over it.
 * Holds nothing of the scope, so a template and its unscoped view share their bindings.
 *
 * @param <T> the entity class (a domain type, or one of its tier classes)
 */
final class EntityBinding<T> {

    private final EntityItemMapper<T> mapper;
    private final Adapter<T> entities;
    private final Adapter<T> reads;
    private final TemplateCallbacks callbacks;
    private final MassOperations<T> mass;
    private final MassProgressListener massProgress;

    /**
     * @throws io.dynamodbtoolkit.DeclarationException when the class cannot be mapped under the key design (a tier
     *                                                 class lacks key fields, {@code @Version} does not match, ...)
     */
    EntityBinding(Adapter<?> adapter, Class<T> type, MappingDynamoDbConverter converter, TemplateCallbacks callbacks,
            MassProgressListener massProgress) {
        this.mapper = EntityItemMapper.of(type, adapter.keys(), converter);
        this.entities = adapter.withMapper(mapper);
        this.reads = callbacks.has(AfterConvertCallback.class)
                ? adapter.withMapper(mapper.withAfterRead(callbacks::afterConvert)) : entities;
        this.callbacks = callbacks;
        this.mass = MassOperations.of(entities).withListener(massProgress);
        this.massProgress = massProgress;
    }

    /** @return the mapper */
    EntityItemMapper<T> mapper() {
        return mapper;
    }

    /** @return the adapter typed to the class, for writes */
    Adapter<T> entities() {
        return entities;
    }

    /** @return the adapter typed to the class whose reads pass the after-convert callbacks */
    Adapter<T> reads() {
        return reads;
    }

    /** @return whether reads pass after-convert callbacks (else {@link #reads()} is {@link #entities()}) */
    boolean callsBackAfterConvert() {
        return reads != entities;
    }

    /**
     * @param caller thread-bound values to run the after-convert callbacks with
     * @return an adapter like {@link #reads()} whose after-convert callbacks run with the values given, wherever the
     *         items are mapped (the asynchronous client maps them in its threads)
     */
    Adapter<T> readsWith(CallerContext caller) {
        return entities.withMapper(mapper.withAfterRead((entity, item) -> caller.within(
                () -> callbacks.afterConvert(entity, item))));
    }

    /** @return the mass-operation engine over the class */
    MassOperations<T> mass() {
        return mass;
    }

    /**
     * @param client the asynchronous client to run on
     * @param pacing paces the runs (e.g. by a subscriber's demand)
     * @return the asynchronous mass-operation engine over the class, reporting to the same listener
     */
    AsyncMassOperations<T> asyncMass(DynamoDbAsyncClient client, MassPacing pacing) {
        return AsyncMassOperations.of(entities.async(client)).withListener(massProgress).withPacing(pacing);
    }

    /** @return the classes rows are read into */
    TierClasses<T> tiers() {
        return mapper.tiers();
    }
}
