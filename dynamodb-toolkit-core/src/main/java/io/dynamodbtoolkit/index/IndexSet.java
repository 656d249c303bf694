package io.dynamodbtoolkit.index;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.IndexKeySchema;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The secondary indexes of an adapter, checked against its key model, and the membership attributes the toolkit
 * maintains for them on every write: derived key attributes (composites, markers) written on members and removed
 * from non-members, and the key attributes of a restricted-membership index removed from non-members.
 */
public final class IndexSet {

    private static final IndexSet EMPTY = new IndexSet(List.of(), null, List.of());

    private final Map<String, IndexDeclaration> indexes;
    private final @Nullable KeyModel keys;
    private final List<String> tableKeyNames;

    private IndexSet(List<IndexDeclaration> declarations, @Nullable KeyModel keys, List<String> tableKeyNames) {
        Map<String, IndexDeclaration> byName = new LinkedHashMap<>();
        declarations.forEach(index -> byName.put(index.name(), index));
        this.indexes = byName;
        this.keys = keys;
        this.tableKeyNames = tableKeyNames;
    }

    /** @return no indexes */
    public static IndexSet empty() {
        return EMPTY;
    }

    /**
     * @return the indexes, checked against the key model
     * @throws DeclarationException naming the property and the fix
     */
    public static IndexSet of(Collection<IndexDeclaration> declarations, KeyModel keys) {
        new IndexSetValidator(declarations, keys).validate();
        return new IndexSet(List.copyOf(declarations), keys, keys.primaryKeyNames());
    }

    /** @return the declarations, in declaration order */
    public Collection<IndexDeclaration> all() {
        return indexes.values();
    }

    /** @return whether no index is declared */
    public boolean isEmpty() {
        return indexes.isEmpty();
    }

    /**
     * @return the declaration of an index
     * @throws IllegalArgumentException naming the indexes that exist, when there is none of that name
     */
    public IndexDeclaration get(String name) {
        IndexDeclaration index = indexes.get(name);
        if (index == null) {
            throw new IllegalArgumentException("Unknown index '" + name + "'; the declared indexes are "
                    + indexes.keySet());
        }
        return index;
    }

    /** @return the declaration of an index, if declared */
    public Optional<IndexDeclaration> find(String name) {
        return Optional.ofNullable(indexes.get(name));
    }

    /** @return the key schema of an index, as a query must fit it */
    public IndexKeySchema schema(String name) {
        IndexDeclaration index = get(name);
        List<KeyAttribute> partition = index.partition() != null ? index.partition().keyAttributes()
                : List.of(new KeyAttribute(keys().partitionField().name(),
                        keys().partitionField().type().scalarType()));
        List<KeyAttribute> sort = index.sort() == null ? List.of() : index.sort().keyAttributes();
        return IndexKeySchema.of("index '" + name + "'", partition, sort);
    }

    /** @return the attributes that position a page of an index: the table's key, then the index's */
    public List<String> positionKeys(String name) {
        Set<String> names = new LinkedHashSet<>(tableKeyNames);
        IndexKeySchema schema = schema(name);
        schema.partitionAttributes().forEach(attribute -> names.add(attribute.name()));
        schema.sortAttributes().forEach(attribute -> names.add(attribute.name()));
        return List.copyOf(names);
    }

    /**
     * Writes the derived index attributes an item's memberships call for, and removes the index attributes of
     * indexes it does not belong to. Run on every whole-item write after the key and type fields are set.
     */
    public void addMemberships(Map<String, AttributeValue> item) {
        for (IndexDeclaration index : indexes.values()) {
            boolean member = qualifies(index, item);
            Map<String, AttributeValue> derived = new HashMap<>();
            for (IndexKeyPart part : index.parts()) {
                Optional<Map<String, AttributeValue>> values = member ? part.valuesFor(item) : Optional.empty();
                if (values.isEmpty()) {
                    member = false;
                } else if (part.isDerived()) {
                    derived.putAll(values.get());
                }
            }
            if (member) {
                item.putAll(derived);
            } else {
                removalAttributes(index).forEach(item::remove);
            }
        }
    }

    /**
     * The attributes removed from an item that is not a member: the derived ones; for an index keyed only on
     * attributes the item carries, the ones of one side (enough to leave the index) when membership is
     * restricted, else none (the item simply lacks them).
     */
    static List<String> removalAttributes(IndexDeclaration index) {
        List<String> names = new ArrayList<>();
        for (IndexKeyPart part : index.parts()) {
            if (part.isDerived()) {
                part.keyAttributes().forEach(attribute -> names.add(attribute.name()));
            }
        }
        if (names.isEmpty() && !(index.membership() instanceof Membership.All)) {
            IndexKeyPart side = index.partition() != null ? index.partition() : index.sort();
            Objects.requireNonNull(side,
                    "an index has a partition or a sort key").keyAttributes().forEach(attribute -> names.add(attribute
                            .name()));
        }
        return names;
    }

    /**
     * @param attributeNames the top-level attributes a patch changes
     * @return whether the change can alter a membership or a derived index key, so the patch must see the
     *         whole item
     */
    public boolean affects(Set<String> attributeNames) {
        return !maintainedSources().isEmpty() && attributeNames.stream().anyMatch(maintainedSources()::contains);
    }

    /** @return the attributes {@link #addMemberships} may write or remove */
    public Set<String> maintainedAttributes() {
        Set<String> names = new LinkedHashSet<>();
        indexes.values().forEach(index -> names.addAll(removalAttributes(index)));
        return names;
    }

    /** @return the attributes {@link #addMemberships} may write or remove for one index */
    public Set<String> maintainedAttributes(String index) {
        return new LinkedHashSet<>(removalAttributes(get(index)));
    }

    /** @return the attributes whose change may change what {@link #addMemberships} does */
    public Set<String> maintainedSources() {
        Set<String> names = new LinkedHashSet<>();
        indexes.values().forEach(index -> names.addAll(sourcesOf(index)));
        return names;
    }

    /**
     * @param indexNames declared indexes
     * @return every attribute what {@link #addMemberships} does for these indexes depends on or changes: the
     *         attributes it writes or removes and those they are computed from (key sides, membership fields, the
     *         type discriminator). A write of the computed attributes conditioned on these being as read is correct
     *         whatever else changed meanwhile.
     */
    public Set<String> computationAttributes(Collection<String> indexNames) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : indexNames) {
            IndexDeclaration index = get(name);
            names.addAll(removalAttributes(index));
            names.addAll(sourcesOf(index));
        }
        return names;
    }

    /**
     * Compares an item as stored with what a fresh write computes from its attributes for some indexes: derived key
     * attributes (markers, shards, composites) missing or stale on members, index attributes left on non-members.
     *
     * @param stored     the item as stored
     * @param indexNames declared indexes
     * @return what to write and remove so the item carries what a fresh write would give it
     * @throws io.dynamodbtoolkit.key.InvalidKeyException when the item's attributes cannot form the index keys (a
     *         fresh write of it would fail the same way)
     * @throws IllegalArgumentException when an index key attribute has the wrong type
     */
    public IndexDrift driftOf(Map<String, AttributeValue> stored, Collection<String> indexNames) {
        Map<String, AttributeValue> fresh = new HashMap<>(stored);
        addMemberships(fresh);
        Map<String, AttributeValue> toWrite = new LinkedHashMap<>();
        Set<String> toRemove = new LinkedHashSet<>();
        for (String name : indexNames) {
            for (String attribute : removalAttributes(get(name))) {
                AttributeValue wanted = fresh.get(attribute);
                AttributeValue present = stored.get(attribute);
                if (wanted == null && present != null) {
                    toRemove.add(attribute);
                } else if (wanted != null && !wanted.equals(present)) {
                    toWrite.put(attribute, wanted);
                }
            }
        }
        return new IndexDrift(toWrite, toRemove);
    }

    /** @return the attributes whose change may change what {@link #addMemberships} does for one index */
    private Set<String> sourcesOf(IndexDeclaration index) {
        Set<String> names = new LinkedHashSet<>();
        boolean restricted = !(index.membership() instanceof Membership.All);
        for (IndexKeyPart part : index.parts()) {
            if (part.isDerived() || restricted) {
                names.addAll(part.sourceFields());
            }
        }
        if (index.membership() instanceof Membership.OnlyWhen onlyWhen) {
            names.addAll(onlyWhen.fields());
        }
        if (index.membership() instanceof Membership.Types) {
            keys().typeDiscriminator().ifPresent(names::add);
        }
        return names;
    }

    /** @return every attribute an index key uses, with its type (for table creation) */
    public Map<String, ScalarAttributeType> keyAttributeTypes() {
        Map<String, ScalarAttributeType> types = new LinkedHashMap<>();
        for (IndexDeclaration index : indexes.values()) {
            for (IndexKeyPart part : index.parts()) {
                part.keyAttributes().forEach(attribute -> types.put(attribute.name(), attribute.type()));
            }
        }
        return types;
    }

    private boolean qualifies(IndexDeclaration index, Map<String, AttributeValue> item) {
        Membership membership = index.membership();
        if (membership instanceof Membership.Types types) {
            return types.labels().contains(keys().codec().typeFromItem(item));
        }
        if (membership instanceof Membership.OnlyWhen onlyWhen) {
            return onlyWhen.predicate().test(item);
        }
        return true;
    }

    /** @return the table's keys, which every set with indexes has (only the empty set has none) */
    private KeyModel keys() {
        return Objects.requireNonNull(keys, "an index set with indexes has the table's keys");
    }
}
