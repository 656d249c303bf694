package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.key.KeyType;
import org.jspecify.annotations.Nullable;

/**
 * One side (partition or sort) of a secondary index key. Exactly one of four forms:
 * <ul>
 *   <li>an attribute the item carries: {@code pk: reviewFlag}, or {@code {attribute: price, type: number}};</li>
 *   <li>a composite the toolkit writes, joined like the structural key:
 *   {@code {composite: _statusAt, fields: [status, {name: at, type: number, width: 13}]}};</li>
 *   <li>DynamoDB's native multi-attribute key (up to 4): {@code {attributes: [tenant, {name: year, type:
 *   number}]}};</li>
 *   <li>a marker the toolkit writes on members, optionally sharded:
 *   {@code {marker: _stateMarker}} or {@code {marker: _vinMarker, value: V, shards: 16, shard-by: [vin]}}.</li>
 * </ul>
 */
public class IndexKeyProperties {

    /** Default value of a marker. */
    public static final String DEFAULT_MARKER_VALUE = "Y";

    /** An attribute the item carries itself, used as this key side. */
    private @Nullable String attribute;

    /** Type of the attribute: string, number or binary. */
    private KeyType type = KeyType.STRING;

    /** Name of a string attribute the toolkit composes from fields (a composite key side). */
    private @Nullable String composite;

    /** Fields of the composite, most significant first. */
    private List<KeyFieldProperties> fields = new ArrayList<>();

    /** String between the composite's fields. */
    private String separator = StructuralKeyProperties.DEFAULT_SEPARATOR;

    /** Attributes of a native multi-attribute key side (1 to 4), most significant first. */
    private List<KeyFieldProperties> attributes = new ArrayList<>();

    /** Name of a marker attribute the toolkit writes on the index's members. */
    private @Nullable String marker;

    /** Value of the marker (or its prefix when sharded: Y#0 .. Y#15). */
    private String value = DEFAULT_MARKER_VALUE;

    /** Shards of the marker; more than 1 spreads members over several index partitions. */
    private int shards = 1;

    /** Fields hashed to choose a member's shard (required when shards is more than 1). */
    private List<String> shardBy = new ArrayList<>();

    /** Creates an empty key side, filled in by binding. */
    public IndexKeyProperties() {
    }

    /**
     * The shorthand form: a string attribute the item carries.
     *
     * @param attribute the attribute name
     * @return the key side
     */
    public static IndexKeyProperties valueOf(String attribute) {
        IndexKeyProperties side = new IndexKeyProperties();
        side.setAttribute(attribute.trim());
        return side;
    }

    /** @return the attribute, or null */
    public @Nullable String getAttribute() {
        return attribute;
    }

    /** @param attribute the attribute */
    public void setAttribute(@Nullable String attribute) {
        this.attribute = attribute;
    }

    /** @return the attribute's type */
    public KeyType getType() {
        return type;
    }

    /** @param type the attribute's type */
    public void setType(KeyType type) {
        this.type = type;
    }

    /** @return the composite attribute, or null */
    public @Nullable String getComposite() {
        return composite;
    }

    /** @param composite the composite attribute */
    public void setComposite(@Nullable String composite) {
        this.composite = composite;
    }

    /** @return the composite's fields */
    public List<KeyFieldProperties> getFields() {
        return fields;
    }

    /** @param fields the composite's fields */
    public void setFields(List<KeyFieldProperties> fields) {
        this.fields = fields;
    }

    /** @return the composite's separator */
    public String getSeparator() {
        return separator;
    }

    /** @param separator the composite's separator */
    public void setSeparator(String separator) {
        this.separator = separator;
    }

    /** @return the multi-attribute key's attributes */
    public List<KeyFieldProperties> getAttributes() {
        return attributes;
    }

    /** @param attributes the multi-attribute key's attributes */
    public void setAttributes(List<KeyFieldProperties> attributes) {
        this.attributes = attributes;
    }

    /** @return the marker attribute, or null */
    public @Nullable String getMarker() {
        return marker;
    }

    /** @param marker the marker attribute */
    public void setMarker(@Nullable String marker) {
        this.marker = marker;
    }

    /** @return the marker value */
    public String getValue() {
        return value;
    }

    /** @param value the marker value */
    public void setValue(String value) {
        this.value = value;
    }

    /** @return the marker's shards */
    public int getShards() {
        return shards;
    }

    /** @param shards the marker's shards */
    public void setShards(int shards) {
        this.shards = shards;
    }

    /** @return the fields hashed to choose a shard */
    public List<String> getShardBy() {
        return shardBy;
    }

    /** @param shardBy the fields hashed to choose a shard */
    public void setShardBy(List<String> shardBy) {
        this.shardBy = shardBy;
    }
}
