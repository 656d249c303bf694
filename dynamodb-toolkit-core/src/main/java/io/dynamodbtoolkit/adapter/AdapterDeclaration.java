package io.dynamodbtoolkit.adapter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.filter.FilterSpec;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexSet;
import io.dynamodbtoolkit.key.KeyModel;
import org.jspecify.annotations.Nullable;

/**
 * Everything an adapter is declared with: its name, table, keys, item mapping, hooks, the filter allowlist, the
 * searchable fields and whether hierarchy cascades are allowed. Immutable, validated at {@link Builder#build()}.
 *
 * @param <T> the item type
 */
public final class AdapterDeclaration<T> {

    private final String name;
    private final String table;
    private final KeyModel keys;
    private final ItemMapper<T> mapper;
    private final Hooks hooks;
    private final FilterSpec filters;
    private final boolean cascades;
    private final boolean parentGuard;
    private final boolean parentGuardByDefault;
    private final IndexSet indexes;
    private final @Nullable String ttlAttribute;
    private final SearchMirrors search;
    private final UniqueFields uniques;

    private AdapterDeclaration(AdapterDeclaration<?> other, ItemMapper<T> mapper) {
        this.name = other.name;
        this.table = other.table;
        this.keys = other.keys;
        this.mapper = Objects.requireNonNull(mapper, "mapper");
        this.hooks = other.hooks;
        this.filters = other.filters;
        this.cascades = other.cascades;
        this.parentGuard = other.parentGuard;
        this.parentGuardByDefault = other.parentGuardByDefault;
        this.indexes = other.indexes;
        this.ttlAttribute = other.ttlAttribute;
        this.search = other.search;
        this.uniques = other.uniques;
    }

    private AdapterDeclaration(Builder<T> builder) {
        this.name = Objects.requireNonNull(builder.name, "build() names the adapter");
        this.table = Objects.requireNonNull(builder.table, "build() requires the table");
        this.keys = Objects.requireNonNull(builder.keys, "build() requires the keys");
        this.mapper = builder.mapper;
        this.hooks = builder.hooks;
        this.filters = builder.filters;
        this.cascades = builder.cascades;
        this.parentGuard = builder.resolvedParentGuard;
        this.parentGuardByDefault = builder.resolvedParentGuard && builder.parentGuard == null;
        this.indexes = Objects.requireNonNull(builder.indexSet, "build() resolves the indexes");
        this.ttlAttribute = builder.ttlAttribute;
        this.search = Objects.requireNonNull(builder.resolvedSearch, "build() resolves the search mirrors");
        this.uniques = Objects.requireNonNull(builder.resolvedUniques, "build() resolves the unique fields");
    }

    /** @return a builder for items mapped by {@code mapper} */
    public static <T> Builder<T> builder(ItemMapper<T> mapper) {
        return new Builder<>(mapper);
    }

    /** @return the same declaration with items mapped by another mapper */
    public <U> AdapterDeclaration<U> withMapper(ItemMapper<U> other) {
        return new AdapterDeclaration<>(this, other);
    }

    /** @return the adapter's name (e.g. the Spring bean name); defaults to the table name */
    public String name() {
        return name;
    }

    /** @return the table */
    public String table() {
        return table;
    }

    /** @return the key declaration */
    public KeyModel keys() {
        return keys;
    }

    /** @return how items are mapped */
    public ItemMapper<T> mapper() {
        return mapper;
    }

    /** @return the user hooks */
    public Hooks hooks() {
        return hooks;
    }

    /** @return which fields list reads may filter on, with their types */
    public FilterSpec filters() {
        return filters;
    }

    /** @return whether hierarchy cascades (deleteAllUnder, cloneAllUnder, moveAllUnder) are allowed */
    public boolean cascades() {
        return cascades;
    }

    /**
     * @return whether writes that create an item under a parent row are guarded: the insert is one transaction
     *         with a check that the parent row exists and that neither it nor any ancestor is being deleted by a
     *         cascade (batch writes check the same right after writing, and undo what they wrote under a fallen
     *         parent)
     */
    public boolean parentGuard() {
        return parentGuard;
    }

    /**
     * @return whether the parent guard is on only by default, because cascades are allowed ({@link #parentGuard()}
     *         true and the declaration sets it neither way)
     */
    public boolean parentGuardByDefault() {
        return parentGuardByDefault;
    }

    /** @return the secondary indexes */
    public IndexSet indexes() {
        return indexes;
    }

    /** @return the attribute holding an item's expiry time (epoch seconds) when TTL is declared */
    public Optional<String> ttlAttribute() {
        return Optional.ofNullable(ttlAttribute);
    }

    /**
     * @return the searchable fields and their lower-cased mirrors, which list reads match a search term against
     *         ({@link ListOptions#withSearch})
     */
    public SearchMirrors search() {
        return search;
    }

    /**
     * @return the unique fields, whose values the adapter keeps unique with guard items written in the same
     *         transaction as each row
     */
    public UniqueFields uniques() {
        return uniques;
    }

    /**
     * @return the attributes the declaration writes or reads itself: key fields and primary key, type field and
     *         discriminator, version, created-at, time to live, the parent guard's deleting mark, and every
     *         attribute its indexes are keyed on, computed from or compute
     */
    public Set<String> declaredAttributes() {
        Set<String> names = new LinkedHashSet<>(keys.primaryKeyNames());
        keys.keyFields().forEach(field -> names.add(field.name()));
        keys.typeField().ifPresent(names::add);
        keys.typeDiscriminator().ifPresent(names::add);
        keys.versionField().ifPresent(names::add);
        keys.createdAtField().ifPresent(names::add);
        ttlAttribute().ifPresent(names::add);
        Optional.ofNullable(ParentGuard.markFieldOf(keys)).ifPresent(names::add);
        names.addAll(indexes.keyAttributeTypes().keySet());
        names.addAll(indexes.maintainedAttributes());
        names.addAll(indexes.maintainedSources());
        names.addAll(search.attributes());
        names.addAll(uniques.fields());
        names.addAll(uniques.attributes());
        return names;
    }

    @Override
    public String toString() {
        return "adapter '" + name + "' on table " + table;
    }

    /**
     * Builds an {@link AdapterDeclaration}.
     *
     * @param <T> the item type
     */
    public static final class Builder<T> {

        private final ItemMapper<T> mapper;
        private @Nullable String name;
        private @Nullable String table;
        private @Nullable KeyModel keys;
        private Hooks hooks = Hooks.NONE;
        private FilterSpec filters = FilterSpec.of();
        private boolean cascades;
        private @Nullable Boolean parentGuard;
        private boolean resolvedParentGuard;
        private final List<IndexDeclaration> indexList = new ArrayList<>();
        private @Nullable IndexSet indexSet;
        private @Nullable String ttlAttribute;
        private final List<String> searchable = new ArrayList<>();
        private @Nullable SearchMirrors resolvedSearch;
        private final List<UniqueField> unique = new ArrayList<>();
        private @Nullable UniqueFields resolvedUniques;

        private Builder(ItemMapper<T> mapper) {
            this.mapper = Objects.requireNonNull(mapper, "mapper");
        }

        /** Names the adapter (defaults to the table name). */
        public Builder<T> name(String adapterName) {
            this.name = adapterName;
            return this;
        }

        /** Sets the table. */
        public Builder<T> table(String tableName) {
            this.table = tableName;
            return this;
        }

        /** Sets the key declaration. */
        public Builder<T> keys(KeyModel keyModel) {
            this.keys = keyModel;
            return this;
        }

        /** Sets the user hooks. */
        public Builder<T> hooks(Hooks userHooks) {
            this.hooks = Objects.requireNonNull(userHooks, "hooks");
            return this;
        }

        /** Sets which fields list reads may filter on. */
        public Builder<T> filters(FilterSpec allowlist) {
            this.filters = Objects.requireNonNull(allowlist, "filters");
            return this;
        }

        /** Allows hierarchy cascades (deleteAllUnder, cloneAllUnder, moveAllUnder). */
        public Builder<T> cascades(boolean allowed) {
            this.cascades = allowed;
            return this;
        }

        /**
         * Guards (or stops guarding) inserts under a parent row against cascades deleting that parent. On by
         * default when cascades are allowed on a hierarchical key design; the guard marks nodes being deleted in
         * a technical field, so it needs a {@code technicalPrefix}.
         */
        public Builder<T> parentGuard(boolean guarded) {
            this.parentGuard = guarded;
            return this;
        }

        /** Declares secondary indexes (added to any declared before). */
        public Builder<T> indexes(IndexDeclaration... declarations) {
            return indexes(List.of(declarations));
        }

        /** Declares secondary indexes (added to any declared before). */
        public Builder<T> indexes(Collection<IndexDeclaration> declarations) {
            indexList.addAll(declarations);
            return this;
        }

        /** Declares the attribute holding each item's expiry time in epoch seconds (DynamoDB TTL). */
        public Builder<T> ttlAttribute(@Nullable String attribute) {
            this.ttlAttribute = attribute;
            return this;
        }

        /**
         * Declares fields a list read can search: each is mirrored lower-cased in the technical attribute
         * {@code <technicalPrefix>search-<field>} on every write, and a search term matches an item when it is a
         * substring of any mirror. Needs a technical prefix. Key fields may be searchable.
         *
         * @param fields top-level field names; adds to those declared before
         * @return this builder
         */
        public Builder<T> searchable(String... fields) {
            return searchable(Arrays.asList(fields));
        }

        /**
         * Declares fields a list read can search (see {@link #searchable(String...)}).
         *
         * @param fields top-level field names; adds to those declared before
         * @return this builder
         */
        public Builder<T> searchable(Collection<String> fields) {
            searchable.addAll(fields);
            return this;
        }

        /**
         * Declares unique fields: a write giving a row a value another row holds fails with a
         * {@link UniqueValueTakenException}, nothing written. Each value is kept by a guard item in the same table
         * (see {@link UniqueFields}), written in one transaction with the row, so every write of a row that sets,
         * changes or removes a unique value is a {@code TransactWriteItems}. Needs a technical prefix and string key
         * attributes.
         *
         * @param fields the fields; adds to those declared before
         * @return this builder
         */
        public Builder<T> unique(UniqueField... fields) {
            return unique(List.of(fields));
        }

        /**
         * Declares unique fields (see {@link #unique(UniqueField...)}).
         *
         * @param fields the fields; adds to those declared before
         * @return this builder
         */
        public Builder<T> unique(Collection<UniqueField> fields) {
            unique.addAll(fields);
            return this;
        }

        /**
         * @return the declaration
         * @throws DeclarationException when the table or keys are missing, an index does not fit the keys,
         *                              searchable fields are declared without a technical prefix, or a unique field
         *                              is a key field or cannot be guarded
         */
        public AdapterDeclaration<T> build() {
            if (table == null || table.isBlank()) {
                throw new DeclarationException("table", "no table is declared", "name the DynamoDB table");
            }
            if (keys == null) {
                throw new DeclarationException("keys", "no keys are declared for table " + table,
                        "declare the key fields with KeyModel.builder()");
            }
            if (name == null) {
                name = table;
            }
            indexSet = IndexSet.of(indexList, keys);
            resolvedParentGuard = resolveParentGuard(keys);
            resolvedSearch = SearchMirrors.of(searchable, keys);
            resolvedUniques = UniqueFields.of(unique, keys);
            return new AdapterDeclaration<>(this);
        }

        private boolean resolveParentGuard(KeyModel declaredKeys) {
            boolean hierarchy = declaredKeys.isHierarchical() && declaredKeys.keyFields().size() > 1;
            boolean guarded = parentGuard != null ? parentGuard : cascades && hierarchy;
            if (!guarded) {
                return false;
            }
            if (!hierarchy) {
                throw new DeclarationException("parentGuard", "the parent guard protects rows under parent rows, "
                        + "but the keys of table " + table + " declare no hierarchy (a structural key over two or "
                        + "more key fields)", "declare a structural key, or drop parentGuard");
            }
            if (declaredKeys.technicalPrefix().isEmpty()) {
                throw new DeclarationException("parentGuard", "the parent guard" + (parentGuard == null
                        ? " (on by default where cascades are allowed)" : "") + " marks nodes being deleted in a "
                        + "technical field, but no technicalPrefix is declared for table " + table,
                        "declare technicalPrefix (e.g. \"_\"), or set parentGuard to false if nothing inserts "
                        + "rows while cascades run");
            }
            return true;
        }
    }
}
