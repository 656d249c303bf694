package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One adapter, keyed by its name under {@code dynamodb.toolkit.adapters} (the name is also its bean name): the
 * table and the key design, as {@link io.dynamodbtoolkit.adapter.AdapterDeclaration} and
 * {@link io.dynamodbtoolkit.key.KeyModel} declare them.
 *
 * <pre>
 * rentals:
 *   table: rentals
 *   key-fields: [state, facility, {name: vin}]
 *   structural-key: _sk
 *   technical-prefix: _
 *   type-labels: [state, facility, vehicle]
 *   type-field: kind
 *   indices:
 *     needs-review: {type: gsi, pk: reviewFlag, sk: submittedAt, projection: keys-only, sparse: true}
 * </pre>
 */
public class AdapterProperties {

    /** DynamoDB table of the adapter (before dynamodb.toolkit.table-prefix); defaults to the adapter's name. */
    private @Nullable String table;

    /** Key fields in order; the first is the partition key. A plain name is a string field. */
    private List<KeyFieldProperties> keyFields = new ArrayList<>();

    /** Structural key (the table's sort key composed of all key fields): a name, or {name, separator}. */
    private @Nullable StructuralKeyProperties structuralKey;

    /** Prefix of the fields the toolkit manages (e.g. _): callers cannot write them, reads strip them. */
    private @Nullable String technicalPrefix;

    /** Label of each depth, one per key field (e.g. state, facility, vehicle). */
    private List<String> typeLabels = new ArrayList<>();

    /** Attribute written with the item's type label on full writes (e.g. kind). */
    private @Nullable String typeField;

    /** Attribute whose value, when an item has it, overrides the depth-derived type. */
    private @Nullable String typeDiscriminator;

    /** Optimistic-locking version attribute, under the technical prefix (e.g. _version). */
    private @Nullable String versionField;

    /** Attribute recording each item's creation time, under the technical prefix (e.g. _createdAt). */
    private @Nullable String createdAtField;

    /** Secondary indexes by name. */
    private Map<String, IndexProperties> indices = new LinkedHashMap<>();

    /** Fields list reads may filter on, by name: a type, or {type, operators, attribute}. */
    private Map<String, FilterFieldProperties> filters = new LinkedHashMap<>();

    /** Whether hierarchy cascades (delete, clone and move of whole subtrees) are allowed. */
    private boolean cascades;

    /**
     * Whether inserts under a parent row are guarded against cascades deleting that parent (one TransactWriteItems
     * with a check that the parent exists and is not being deleted); unset: on when cascades are allowed on a
     * hierarchy.
     */
    private @Nullable Boolean parentGuard;

    /** Attribute holding each item's expiry time in epoch seconds (DynamoDB time to live). */
    private @Nullable String ttlAttribute;

    /**
     * Fields a list read can search (search=term): each is mirrored lower-cased in <technical-prefix>search-<field>
     * on every write, and a term matches as a substring of any mirror. Needs technical-prefix.
     */
    private List<String> searchable = new ArrayList<>();

    /** @return the searchable fields */
    public List<String> getSearchable() {
        return searchable;
    }

    /** @param searchable the searchable fields */
    public void setSearchable(List<String> searchable) {
        this.searchable = searchable;
    }

    /**
     * Fields no two rows may share a value of: a name (unique in the whole table), or {field, within: [leading key
     * fields], tiers: [type labels]} (unique per scope, e.g. per tenant; only among the rows of some tiers). Each
     * value is kept by a guard item under technical-prefix, written in one transaction with the row. Needs
     * technical-prefix and string key attributes.
     */
    private List<UniqueFieldProperties> unique = new ArrayList<>();

    /** @return the unique fields */
    public List<UniqueFieldProperties> getUnique() {
        return unique;
    }

    /** @param unique the unique fields */
    public void setUnique(List<UniqueFieldProperties> unique) {
        this.unique = unique;
    }

    /** Whether and how the adapter is exported over HTTP by the REST surface (dynamodb-toolkit-spring-web). */
    private AdapterRestProperties rest = new AdapterRestProperties();

    /** @return how the adapter is exported over HTTP */
    public AdapterRestProperties getRest() {
        return rest;
    }

    /** @param rest how the adapter is exported over HTTP */
    public void setRest(AdapterRestProperties rest) {
        this.rest = rest;
    }

    /** @return whether inserts under a parent row are guarded, or null for the default (on with cascades) */
    public @Nullable Boolean getParentGuard() {
        return parentGuard;
    }

    /** @param parentGuard whether inserts under a parent row are guarded */
    public void setParentGuard(@Nullable Boolean parentGuard) {
        this.parentGuard = parentGuard;
    }

    /** @return the table, or null for the adapter's name */
    public @Nullable String getTable() {
        return table;
    }

    /** @param table the table */
    public void setTable(@Nullable String table) {
        this.table = table;
    }

    /** @return the key fields */
    public List<KeyFieldProperties> getKeyFields() {
        return keyFields;
    }

    /** @param keyFields the key fields */
    public void setKeyFields(List<KeyFieldProperties> keyFields) {
        this.keyFields = keyFields;
    }

    /** @return the structural key, or null */
    public @Nullable StructuralKeyProperties getStructuralKey() {
        return structuralKey;
    }

    /** @param structuralKey the structural key */
    public void setStructuralKey(@Nullable StructuralKeyProperties structuralKey) {
        this.structuralKey = structuralKey;
    }

    /** @return the technical prefix, or null */
    public @Nullable String getTechnicalPrefix() {
        return technicalPrefix;
    }

    /** @param technicalPrefix the technical prefix */
    public void setTechnicalPrefix(@Nullable String technicalPrefix) {
        this.technicalPrefix = technicalPrefix;
    }

    /** @return the type labels */
    public List<String> getTypeLabels() {
        return typeLabels;
    }

    /** @param typeLabels the type labels */
    public void setTypeLabels(List<String> typeLabels) {
        this.typeLabels = typeLabels;
    }

    /** @return the type field, or null */
    public @Nullable String getTypeField() {
        return typeField;
    }

    /** @param typeField the type field */
    public void setTypeField(@Nullable String typeField) {
        this.typeField = typeField;
    }

    /** @return the type discriminator, or null */
    public @Nullable String getTypeDiscriminator() {
        return typeDiscriminator;
    }

    /** @param typeDiscriminator the type discriminator */
    public void setTypeDiscriminator(@Nullable String typeDiscriminator) {
        this.typeDiscriminator = typeDiscriminator;
    }

    /** @return the version field, or null */
    public @Nullable String getVersionField() {
        return versionField;
    }

    /** @param versionField the version field */
    public void setVersionField(@Nullable String versionField) {
        this.versionField = versionField;
    }

    /** @return the created-at field, or null */
    public @Nullable String getCreatedAtField() {
        return createdAtField;
    }

    /** @param createdAtField the created-at field */
    public void setCreatedAtField(@Nullable String createdAtField) {
        this.createdAtField = createdAtField;
    }

    /** @return the indexes by name */
    public Map<String, IndexProperties> getIndices() {
        return indices;
    }

    /** @param indices the indexes by name */
    public void setIndices(Map<String, IndexProperties> indices) {
        this.indices = indices;
    }

    /** @return the filterable fields by name */
    public Map<String, FilterFieldProperties> getFilters() {
        return filters;
    }

    /** @param filters the filterable fields by name */
    public void setFilters(Map<String, FilterFieldProperties> filters) {
        this.filters = filters;
    }

    /** @return whether cascades are allowed */
    public boolean isCascades() {
        return cascades;
    }

    /** @param cascades whether cascades are allowed */
    public void setCascades(boolean cascades) {
        this.cascades = cascades;
    }

    /** @return the TTL attribute, or null */
    public @Nullable String getTtlAttribute() {
        return ttlAttribute;
    }

    /** @param ttlAttribute the TTL attribute */
    public void setTtlAttribute(@Nullable String ttlAttribute) {
        this.ttlAttribute = ttlAttribute;
    }
}
