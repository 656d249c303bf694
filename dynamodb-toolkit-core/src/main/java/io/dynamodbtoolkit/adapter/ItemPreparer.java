package io.dynamodbtoolkit.adapter;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyCodec;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The toolkit's built-in steps around every write and read, followed by the user's hooks: on writes the key
 * attributes (structural key, typed key fields), the type field, the managed version and created-at fields and
 * index membership (then the search mirrors of what the hooks left); on reads the technical fields are stripped
 * (version and created-at excepted).
 */
final class ItemPreparer {

    private final KeyModel keys;
    private final KeyCodec codec;
    private final Hooks hooks;
    private final IndexSet indexes;
    private final Clock clock;
    private final SearchMirrors search;
    /** Whether a write adds nothing to an item beyond its own attributes (no composed key, type, index or hook). */
    private final boolean addsNothing;
    /** The technical fields reads keep (version and created-at), or null where not declared. */
    private final @Nullable String versionField;
    private final @Nullable String createdAtField;

    ItemPreparer(KeyModel keys, Hooks hooks, IndexSet indexes, SearchMirrors search, Clock clock) {
        this.keys = keys;
        this.codec = keys.codec();
        this.hooks = hooks;
        this.indexes = indexes;
        this.clock = clock;
        this.search = search;
        this.addsNothing = keys.structuralKey().isEmpty() && keys.typeField().isEmpty() && indexes.isEmpty()
                && search.isEmpty() && hooks.prepare() == null;
        this.versionField = keys.versionField().orElse(null);
        this.createdAtField = keys.createdAtField().orElse(null);
    }

    /**
     * Prepares a whole item for writing.
     *
     * @param input     the caller's attributes (technical fields other than version and created-at are dropped)
     * @param kind      the write path
     * @param version   the version to write, or null to leave the item unversioned
     * @param createdAt the created-at value to write, or null to keep the caller's (or write none)
     * @return the attributes to write and their primary key
     */
    PreparedItem prepareFull(Map<String, AttributeValue> input, WriteKind kind, @Nullable Long version,
            @Nullable AttributeValue createdAt) {
        PreparedItem prepared = deriveFull(input, kind, version, createdAt);
        validate(prepared.item(), kind);
        return prepared;
    }

    /**
     * Like {@link #prepareFull} but without running the validator (for baselines that are not written). When the
     * write adds nothing to the input, the prepared item is the input map itself (see {@link #writtenAsGiven}).
     */
    PreparedItem deriveFull(Map<String, AttributeValue> input, WriteKind kind, @Nullable Long version,
            @Nullable AttributeValue createdAt) {
        KeyCodec.ItemKey itemKey = codec.itemKeyFromItem(input);
        Map<String, AttributeValue> key = itemKey.primaryKey();
        if (version == null && createdAt == null && addsNothing && itemKey.isTyped() && isPlain(input)) {
            return new PreparedItem(input, key);
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>(capacityFor(input.size() + 4));
        input.forEach((name, value) -> {
            if (!keys.isTechnical(name) && !isNull(value)) {
                item.put(name, value);
            }
        });
        item.putAll(itemKey.retypedKeyFields());
        item.putAll(key);
        keys.typeField().ifPresent(field -> item.put(field,
                AttributeValue.fromS(codec.typeFromItem(item, itemKey.depth()))));
        keys.versionField().ifPresent(field -> {
            if (version != null) {
                item.put(field, AttributeValue.fromN(Long.toString(version)));
            }
        });
        keys.createdAtField().ifPresent(field -> {
            AttributeValue value = createdAt != null ? createdAt : input.get(field);
            if (value != null) {
                item.put(field, value);
            }
        });
        indexes.addMemberships(item);
        if (hooks.prepare() == null) {
            search.addTo(item);
            return new PreparedItem(item, key);
        }
        Map<String, AttributeValue> prepared = new LinkedHashMap<>(hooks.prepare().prepare(item, kind));
        // the key again, from the key fields, in case the user's hook changed or dropped it
        Map<String, AttributeValue> preparedKey = codec.primaryKeyFromItem(prepared);
        prepared.putAll(preparedKey);
        // the search mirrors of the item as the hook left it
        search.addTo(prepared);
        return new PreparedItem(prepared, preparedKey);
    }

    /**
     * Prepares the changes of a patch: key fields and technical fields are dropped (key fields are identity;
     * changing one is a move), then the user's prepare hook and validator run on what is left, and the search
     * mirrors of the searchable fields it sets or removes are set or removed with them.
     */
    Map<String, AttributeValue> preparePatch(Map<String, AttributeValue> changes) {
        Map<String, AttributeValue> kept = new LinkedHashMap<>(changes.size());
        changes.forEach((name, value) -> {
            if (!keys.isTechnical(name) && keys.positionOf(name) < 0) {
                kept.put(name, value);
            }
        });
        Map<String, AttributeValue> prepared = hooks.prepare() == null ? kept
                : hooks.prepare().prepare(kept, WriteKind.PATCH);
        validate(prepared, WriteKind.PATCH);
        if (search.isEmpty()) {
            return prepared;
        }
        Map<String, AttributeValue> mirrored = new LinkedHashMap<>(prepared);
        search.addToPatch(mirrored);
        return mirrored;
    }

    /**
     * Refuses a patch's update actions on searchable fields (their mirrors follow only a plain set or remove).
     *
     * @param topLevelNames the attributes the actions change
     * @throws IllegalArgumentException when one is searchable
     */
    void checkPatchActions(Set<String> topLevelNames) {
        search.refuseActionsOn(topLevelNames);
    }

    /**
     * @param derived an item derived from what was read, as a write would prepare it
     * @param stored  the item as stored
     * @return the derived item with the search mirrors as stored instead (missing ones absent), so that comparing it
     *         with a freshly prepared item also finds mirrors to write: a row written before a field was declared
     *         searchable, or with stale mirrors, gets them rewritten by any edit
     */
    Map<String, AttributeValue> withStoredMirrors(Map<String, AttributeValue> derived,
            Map<String, AttributeValue> stored) {
        if (search.isEmpty()) {
            return derived;
        }
        Map<String, AttributeValue> baseline = new LinkedHashMap<>(derived);
        for (String mirror : search.attributes()) {
            AttributeValue value = stored.get(mirror);
            if (value == null) {
                baseline.remove(mirror);
            } else {
                baseline.put(mirror, value);
            }
        }
        return baseline;
    }

    /** Runs the validator on a key about to be deleted. */
    void validateDelete(Map<String, AttributeValue> key, WriteKind kind) {
        validate(key, kind);
    }

    /**
     * Strips technical fields (version and created-at excepted) and runs the user's revive hook, which gets a map
     * of its own. Without a hook, an item with nothing to strip is returned as it is.
     */
    Map<String, AttributeValue> revive(Map<String, AttributeValue> stored) {
        if (hooks.revive() == null && !hasStrippedFields(stored)) {
            return stored;
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>(stored.size() * 2);
        stored.forEach((name, value) -> {
            if (!keys.isTechnical(name) || isKeptTechnical(name)) {
                item.put(name, value);
            }
        });
        return hooks.revive() == null ? item : hooks.revive().revive(item);
    }

    /** @return the created-at value for a new item, or null when no created-at field is declared */
    @Nullable AttributeValue now() {
        return keys.createdAtField().isPresent() ? AttributeValue.fromN(Long.toString(clock.millis())) : null;
    }

    /**
     * @param written the attributes a write wrote
     * @param input   the caller's attributes
     * @return whether the write wrote the caller's attributes as given and reading them back changes nothing (no
     *         revive hook), so that the item as written is the caller's own item
     */
    boolean writtenAsGiven(@Nullable Map<String, AttributeValue> written, Map<String, AttributeValue> input) {
        return written == input && hooks.revive() == null;
    }

    /** @return whether attributes hold neither technical fields nor nulls, so a write keeps every one as it is */
    private boolean isPlain(Map<String, AttributeValue> input) {
        for (Map.Entry<String, AttributeValue> attribute : input.entrySet()) {
            if (isNull(attribute.getValue()) || keys.isTechnical(attribute.getKey())) {
                return false;
            }
        }
        return true;
    }

    /** @return a map capacity holding {@code entries} without rehashing */
    private static int capacityFor(int entries) {
        return (int) (entries / 0.75f) + 1;
    }

    private boolean hasStrippedFields(Map<String, AttributeValue> stored) {
        if (keys.technicalPrefix().isEmpty()) {
            return false;
        }
        for (String name : stored.keySet()) {
            if (keys.isTechnical(name) && !isKeptTechnical(name)) {
                return true;
            }
        }
        return false;
    }

    private boolean isKeptTechnical(String name) {
        return name.equals(versionField) || name.equals(createdAtField);
    }

    private void validate(Map<String, AttributeValue> item, WriteKind kind) {
        if (hooks.validator() != null) {
            hooks.validator().validate(item, kind);
        }
    }

    private static boolean isNull(AttributeValue value) {
        return value == null || Boolean.TRUE.equals(value.nul());
    }

    /**
     * A whole item ready to write.
     *
     * @param item the attributes
     * @param key  its primary key
     */
    record PreparedItem(Map<String, AttributeValue> item, Map<String, AttributeValue> key) {
    }
}
