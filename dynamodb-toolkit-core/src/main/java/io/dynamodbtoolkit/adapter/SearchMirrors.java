package io.dynamodbtoolkit.adapter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The searchable fields of an adapter and their search mirrors: for each field, a technical attribute
 * {@code <technicalPrefix>search-<field>} holding the field's value lower-cased ({@link Locale#ROOT}), written with
 * every write and stripped on reads like every technical field. A search term matches an item when it is a
 * substring of any mirror. Only string, number and boolean values are mirrored; an absent, null or other value
 * (binary, set, list, map) has no mirror. Immutable.
 */
public final class SearchMirrors {

    /** The infix between the technical prefix and the field name. */
    public static final String MIRROR_INFIX = "search-";

    private static final SearchMirrors NONE = new SearchMirrors(Map.of());

    /** Mirror attribute name by field name, in declaration order. */
    private final Map<String, String> mirrors;

    private SearchMirrors(Map<String, String> mirrors) {
        this.mirrors = mirrors;
    }

    /** @return no searchable field */
    public static SearchMirrors none() {
        return NONE;
    }

    /**
     * The mirrors of searchable fields. Key fields may be searchable (their mirror is an ordinary attribute).
     *
     * @param fields the top-level field names
     * @param keys   the key model, whose technical prefix names the mirrors
     * @return the mirrors
     * @throws DeclarationException when a field is blank, repeated or technical, or no technical prefix is declared
     */
    public static SearchMirrors of(List<String> fields, KeyModel keys) {
        if (fields.isEmpty()) {
            return NONE;
        }
        String prefix = keys.technicalPrefix().orElseThrow(() -> new DeclarationException("searchable",
                "searchable fields " + fields + " are mirrored lower-cased in technical fields (<technicalPrefix>"
                        + MIRROR_INFIX + "<field>), but no technicalPrefix is declared",
                "declare technicalPrefix (e.g. \"_\"), or drop searchable"));
        Set<String> seen = new LinkedHashSet<>();
        Map<String, String> byField = new LinkedHashMap<>();
        for (String field : fields) {
            if (field == null || field.isBlank()) {
                throw new DeclarationException("searchable", "a searchable field is blank", "name a field");
            }
            if (!seen.add(field)) {
                throw new DeclarationException("searchable", "the field '" + field + "' is declared twice",
                        "name each searchable field once");
            }
            if (keys.isTechnical(field)) {
                throw new DeclarationException("searchable", "'" + field + "' starts with the technical prefix '"
                        + prefix + "': technical fields are the toolkit's and never searchable",
                        "name a field of the items");
            }
            byField.put(field, prefix + MIRROR_INFIX + field);
        }
        return new SearchMirrors(Collections.unmodifiableMap(byField));
    }

    /** @return whether no field is searchable */
    public boolean isEmpty() {
        return mirrors.isEmpty();
    }

    /** @return the searchable fields, in declaration order */
    public List<String> fields() {
        return List.copyOf(mirrors.keySet());
    }

    /** @return the mirror attribute names, in the order of the fields */
    public List<String> attributes() {
        return List.copyOf(mirrors.values());
    }

    /** Sets the mirror of every searchable field that an item to be written whole carries. */
    void addTo(Map<String, AttributeValue> item) {
        mirrors.forEach((field, mirror) -> {
            String text = searchText(item.get(field));
            if (text != null) {
                item.put(mirror, AttributeValue.fromS(text));
            }
        });
    }

    /**
     * Adds to a patch's changes the mirror of every searchable field it changes: set to the new value lower-cased,
     * or removed (a DynamoDB null) when the field is removed or gets a value that is not mirrored.
     */
    void addToPatch(Map<String, AttributeValue> changes) {
        mirrors.forEach((field, mirror) -> {
            if (changes.containsKey(field)) {
                String text = searchText(changes.get(field));
                changes.put(mirror, text == null ? AttributeValue.fromNul(true) : AttributeValue.fromS(text));
            }
        });
    }

    /**
     * Refuses update actions (increments, appends, ...) on searchable fields, whose mirrors a patch can keep only
     * for a plain set or remove.
     *
     * @param topLevelNames the attributes the actions change
     */
    void refuseActionsOn(Iterable<String> topLevelNames) {
        for (String name : topLevelNames) {
            if (mirrors.containsKey(name)) {
                throw new IllegalArgumentException("Attribute '" + name + "' is searchable, so it can only be "
                        + "changed with a plain set or remove in a patch (not an update action), which keeps its "
                        + "search mirror");
            }
        }
    }

    /** @return the text a value is searched by, or null when it is not mirrored */
    private static @Nullable String searchText(@Nullable AttributeValue value) {
        if (value == null) {
            return null;
        }
        if (value.s() != null) {
            return value.s().toLowerCase(Locale.ROOT);
        }
        if (value.n() != null) {
            return value.n().toLowerCase(Locale.ROOT);
        }
        if (value.bool() != null) {
            return value.bool().toString();
        }
        return null;
    }
}
