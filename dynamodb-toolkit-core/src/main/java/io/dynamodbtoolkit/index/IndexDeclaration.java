package io.dynamodbtoolkit.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.key.CompositeKey;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyType;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A secondary index of an adapter: its kind, key sides, projection and membership. Immutable; build with
 * {@link #global(String)} or {@link #local(String)}.
 *
 * <pre>{@code
 * IndexDeclaration.global("needs-review").partitionKey("reviewFlag").sortKey("submittedAt")
 *         .projection(IndexProjection.KEYS_ONLY).build();
 * IndexDeclaration.global("all-states").partition(MarkerKeyPart.of("_stateMarker", "Y"))
 *         .sortKey("state").membership(Membership.types("state")).build();
 * }</pre>
 *
 * <p>A sparse index holds only the items that qualify (by the absence of its key attributes, by a restricted
 * membership, or by a marker), so listing every member reads nothing else: a Scan of the index
 * ({@code Adapter.scanIndex}) is allowed for sparse indexes, in parallel segments when declared.
 */
public final class IndexDeclaration {

    private final String name;
    private final IndexType type;
    private final @Nullable IndexKeyPart partition;
    private final @Nullable IndexKeyPart sort;
    private final IndexProjection projection;
    private final Membership membership;
    private final boolean declaredSparse;
    private final int scanSegments;

    private IndexDeclaration(Builder builder) {
        this.name = builder.name;
        this.type = builder.type;
        this.partition = builder.partition;
        this.sort = builder.sort;
        this.projection = builder.projection;
        this.membership = builder.membership;
        this.declaredSparse = builder.sparse;
        this.scanSegments = builder.scanSegments;
    }

    /** @return a builder of a global secondary index */
    public static Builder global(String name) {
        return new Builder(name, IndexType.GLOBAL);
    }

    /** @return a builder of a local secondary index (the table's partition key, another sort key) */
    public static Builder local(String name) {
        return new Builder(name, IndexType.LOCAL);
    }

    /** @return the index name */
    public String name() {
        return name;
    }

    /** @return global or local */
    public IndexType type() {
        return type;
    }

    /** @return the partition side (null for a local index, which uses the table's) */
    public @Nullable IndexKeyPart partition() {
        return partition;
    }

    /** @return the sort side, or null */
    public @Nullable IndexKeyPart sort() {
        return sort;
    }

    /** @return what the index copies */
    public IndexProjection projection() {
        return projection;
    }

    /** @return which items belong */
    public Membership membership() {
        return membership;
    }

    /**
     * @return whether the index holds only the items that qualify: declared sparse (sparse by the absence of its key
     *         attributes), a membership restricted beyond having the key attributes, or a marker partition key
     */
    public boolean isSparse() {
        return declaredSparse || !(membership instanceof Membership.All) || partition instanceof MarkerKeyPart;
    }

    /** @return the parallel segments a Scan of the (sparse) index reads, 1 for a plain Scan */
    public int scanSegments() {
        return scanSegments;
    }

    /** @return the parts the index has: partition (global only) then sort (if any) */
    public List<IndexKeyPart> parts() {
        List<IndexKeyPart> parts = new ArrayList<>(2);
        if (partition != null) {
            parts.add(partition);
        }
        if (sort != null) {
            parts.add(sort);
        }
        return parts;
    }

    @Override
    public String toString() {
        return type.name().toLowerCase() + " index '" + name + "'";
    }

    /** Builds an {@link IndexDeclaration}. */
    public static final class Builder {

        /** The most parallel segments a Scan of an index is declared with. */
        public static final int MAX_SCAN_SEGMENTS = 1000;

        private final String name;
        private final IndexType type;
        private @Nullable IndexKeyPart partition;
        private @Nullable IndexKeyPart sort;
        private IndexProjection projection = IndexProjection.ALL;
        private Membership membership = Membership.ALL;
        private boolean sparse;
        private int scanSegments = 1;

        private Builder(String name, IndexType type) {
            this.name = name;
            this.type = type;
        }

        /** Sets the partition side. */
        public Builder partition(IndexKeyPart part) {
            this.partition = part;
            return this;
        }

        /** Sets the partition side to a string attribute the item carries. */
        public Builder partitionKey(String attribute) {
            return partitionKey(attribute, ScalarAttributeType.S);
        }

        /** Sets the partition side to an attribute the item carries. */
        public Builder partitionKey(String attribute, ScalarAttributeType attributeType) {
            return partition(new AttributeKeyPart(attribute, attributeType));
        }

        /** Sets the partition side to a string the toolkit composes from fields, joined with {@code |}. */
        public Builder partitionComposite(String attribute, KeyField... fields) {
            return partition(new CompositeKeyPart(new CompositeKey(attribute, List.of(fields),
                    CompositeKey.DEFAULT_SEPARATOR)));
        }

        /** Sets the partition side to DynamoDB's native multi-attribute key (up to 4). */
        public Builder partitionAttributes(KeyAttribute... attributes) {
            return partition(new MultiAttributeKeyPart(List.of(attributes)));
        }

        /** Sets the sort side. */
        public Builder sort(IndexKeyPart part) {
            this.sort = part;
            return this;
        }

        /** Sets the sort side to a string attribute the item carries. */
        public Builder sortKey(String attribute) {
            return sortKey(attribute, ScalarAttributeType.S);
        }

        /** Sets the sort side to an attribute the item carries. */
        public Builder sortKey(String attribute, ScalarAttributeType attributeType) {
            return sort(new AttributeKeyPart(attribute, attributeType));
        }

        /** Sets the sort side to a string the toolkit composes from fields, joined with {@code |}. */
        public Builder sortComposite(String attribute, KeyField... fields) {
            return sort(new CompositeKeyPart(new CompositeKey(attribute, List.of(fields),
                    CompositeKey.DEFAULT_SEPARATOR)));
        }

        /** Sets the sort side to DynamoDB's native multi-attribute key (up to 4). */
        public Builder sortAttributes(KeyAttribute... attributes) {
            return sort(new MultiAttributeKeyPart(List.of(attributes)));
        }

        /** Sets the projection (default ALL). */
        public Builder projection(IndexProjection indexProjection) {
            this.projection = Objects.requireNonNull(indexProjection, "projection");
            return this;
        }

        /** Sets the membership (default: every item with the key attributes). */
        public Builder membership(Membership indexMembership) {
            this.membership = Objects.requireNonNull(indexMembership, "membership");
            return this;
        }

        /**
         * Declares the index sparse: only the items that qualify carry its key attributes (a review queue keyed on a
         * flag only queued items have), so the index is small and listing every member may Scan it.
         */
        public Builder sparse() {
            this.sparse = true;
            return this;
        }

        /**
         * Sets the parallel segments a Scan of this sparse index reads (DynamoDB's {@code TotalSegments}), for
         * indexes large enough that one sequential Scan would be slow; default 1.
         */
        public Builder scanSegments(int segments) {
            this.scanSegments = segments;
            return this;
        }

        /**
         * @return the declaration
         * @throws DeclarationException naming the property and the fix
         */
        public IndexDeclaration build() {
            String property = "indexes." + name;
            if (name == null || name.length() < 3 || name.length() > 255 || !name.matches("[a-zA-Z0-9_.-]+")) {
                throw new DeclarationException("indexes[" + name + "]", "'" + name
                        + "' is not a valid index name", "use 3 to 255 letters, digits, '_', '-' or '.'");
            }
            if (type == IndexType.GLOBAL && partition == null) {
                throw new DeclarationException(property + ".pk", "a global index needs a partition key",
                        "declare the partition key (an attribute, a composite, a multi-attribute key or a marker)");
            }
            if (type == IndexType.LOCAL && partition != null) {
                throw new DeclarationException(property + ".pk", "a local index uses the table's partition key",
                        "remove the partition key of the local index");
            }
            if (type == IndexType.LOCAL && sort == null) {
                throw new DeclarationException(property + ".sk", "a local index needs a sort key",
                        "declare the sort key of the local index");
            }
            if (type == IndexType.LOCAL && sort != null && sort.keyAttributes().size() > 1) {
                throw new DeclarationException(property + ".sk", "multi-attribute keys are for global indexes",
                        "use one attribute or a composite as the sort key of a local index");
            }
            requirePaddedNumbers(property + ".pk", partition);
            requirePaddedNumbers(property + ".sk", sort);
            if (sort instanceof MarkerKeyPart) {
                throw new DeclarationException(property + ".sk", "a marker is a partition key, not a sort key",
                        "declare the marker as the partition key and sort by an attribute");
            }
            if (scanSegments < 1 || scanSegments > MAX_SCAN_SEGMENTS) {
                throw new DeclarationException(property + ".scanSegments", scanSegments + " scan segments are "
                        + "declared", "declare 1 (a plain Scan) to " + MAX_SCAN_SEGMENTS);
            }
            IndexDeclaration declaration = new IndexDeclaration(this);
            if (scanSegments > 1 && !declaration.isSparse()) {
                throw new DeclarationException(property + ".scanSegments", "scan segments are declared but the index "
                        + "is not sparse, and only a sparse index may be scanned", "declare the index sparse if only "
                        + "the items that qualify carry its key, or remove the scan segments");
            }
            return declaration;
        }

        private static void requirePaddedNumbers(String property, @Nullable IndexKeyPart part) {
            if (!(part instanceof CompositeKeyPart composite)) {
                return;
            }
            List<KeyField> fields = composite.key().components();
            for (int i = 0; i < fields.size(); i++) {
                KeyField field = fields.get(i);
                if (field.type() == KeyType.NUMBER && field.width() == null) {
                    throw new DeclarationException(property + ".fields[" + i + "].width", "number field '"
                            + field.name() + "' is part of composite key '" + composite.key().attributeName()
                            + "' but has no width, so \"9\" would sort after \"10\"", "declare a width, e.g. "
                            + "KeyField.number(\"" + field.name() + "\", 10)");
                }
            }
        }
    }
}
