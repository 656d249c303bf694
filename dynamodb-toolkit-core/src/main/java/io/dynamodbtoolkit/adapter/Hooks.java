package io.dynamodbtoolkit.adapter;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * User hooks of an adapter, all optional, all working on attribute maps after the toolkit's own steps.
 *
 * @param prepare     runs on every write after the built-in prepare (structural key, type field, managed fields,
 *                    index membership); may add or change attributes
 * @param revive      runs on every read after the built-in revive (technical fields stripped)
 * @param validator   runs on every write path (single, batch, clone, move, edit, mass) after prepare; throws to
 *                    refuse the write before anything is sent
 * @param consistency returns extra actions that must commit with a write; when it returns any, the write becomes
 *                    one TransactWriteItems
 */
public record Hooks(@Nullable PrepareHook prepare, @Nullable ReviveHook revive, @Nullable Validator validator,
        @Nullable ConsistencyHook consistency) {

    /** No hooks. */
    public static final Hooks NONE = new Hooks(null, null, null, null);

    /** @return a copy with a prepare hook */
    public Hooks withPrepare(PrepareHook hook) {
        return new Hooks(hook, revive, validator, consistency);
    }

    /** @return a copy with a revive hook */
    public Hooks withRevive(ReviveHook hook) {
        return new Hooks(prepare, hook, validator, consistency);
    }

    /** @return a copy with a validator */
    public Hooks withValidator(Validator hook) {
        return new Hooks(prepare, revive, hook, consistency);
    }

    /** @return a copy with a consistency hook */
    public Hooks withConsistency(ConsistencyHook hook) {
        return new Hooks(prepare, revive, validator, hook);
    }

    /** Adjusts an item (or, for patches, the changes) before it is written. */
    @FunctionalInterface
    public interface PrepareHook {
        /**
         * @param item the attributes to write (for {@link WriteKind#PATCH}: the changes only)
         * @param kind the write path
         * @return the attributes to write
         */
        Map<String, AttributeValue> prepare(Map<String, AttributeValue> item, WriteKind kind);
    }

    /** Adjusts an item after it is read. */
    @FunctionalInterface
    public interface ReviveHook {
        /** @return the attributes to map into the caller's item */
        Map<String, AttributeValue> revive(Map<String, AttributeValue> item);
    }

    /** Refuses invalid writes. */
    @FunctionalInterface
    public interface Validator {
        /**
         * @param item the attributes about to be written (for patches: the changes; for deletes: the key)
         * @param kind the write path
         * @throws RuntimeException (ideally {@link ItemValidationException}) to refuse the write
         */
        void validate(Map<String, AttributeValue> item, WriteKind kind);
    }

    /**
     * Adds actions that must commit together with a write. A move is asked twice, both answers going into its one
     * transaction: for the target (its key and item) and for the source (its key, item null), so that a hook keeping
     * e.g. counts per parent can add to the target's parent and take from the source's.
     */
    @FunctionalInterface
    public interface ConsistencyHook {
        /**
         * @param key  the primary key written (for a move: the target's, then the source's)
         * @param item the attributes written (for patches: the changes; for deletes and a move's source: null)
         * @param kind the write path
         * @return extra actions, or an empty list for a plain write
         */
        List<TransactWriteItem> extraActions(Map<String, AttributeValue> key, @Nullable Map<String,
                AttributeValue> item,
                WriteKind kind);
    }
}
