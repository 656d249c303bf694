package io.dynamodbtoolkit.boot.autoconfigure.properties;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A secondary index, keyed by its name under {@code indices}:
 * {@code needs-review: {type: gsi, pk: reviewFlag, sk: submittedAt, projection: keys-only, sparse: true}}.
 */
public class IndexProperties {

    /** Kind of index: gsi (global) or lsi (local: the table's partition key, another sort key). */
    private IndexKind type = IndexKind.GSI;

    /** Partition key of a global index (a local index uses the table's). */
    private @Nullable IndexKeyProperties pk;

    /** Sort key of the index (required for a local index). */
    private @Nullable IndexKeyProperties sk;

    /** What the index copies: all, keys-only or include (the keys plus the include list). */
    private @Nullable ProjectionKind projection;

    /** Attributes an include projection copies besides the keys; implies projection include. */
    private List<String> include = new ArrayList<>();

    /**
     * Asserts that the index is sparse: items lacking its key attributes stay out of it, and a marker index must
     * restrict its membership. Checked at start-up. Listing every member of a sparse index is a Scan of the index.
     */
    private @Nullable Boolean sparse;

    /**
     * Parallel segments a Scan of the (sparse) index reads when every member is listed; raise it for large indexes.
     */
    private int scanSegments = 1;

    /** Which items belong (types or a Membership bean); unset: every item with the key attributes. */
    private MembershipProperties membership = new MembershipProperties();

    /** @return global or local */
    public IndexKind getType() {
        return type;
    }

    /** @param type global or local */
    public void setType(IndexKind type) {
        this.type = type;
    }

    /** @return the partition side */
    public @Nullable IndexKeyProperties getPk() {
        return pk;
    }

    /** @param pk the partition side */
    public void setPk(@Nullable IndexKeyProperties pk) {
        this.pk = pk;
    }

    /** @return the sort side */
    public @Nullable IndexKeyProperties getSk() {
        return sk;
    }

    /** @param sk the sort side */
    public void setSk(@Nullable IndexKeyProperties sk) {
        this.sk = sk;
    }

    /** @return the projection, or null when unset */
    public @Nullable ProjectionKind getProjection() {
        return projection;
    }

    /** @param projection the projection */
    public void setProjection(@Nullable ProjectionKind projection) {
        this.projection = projection;
    }

    /** @return the attributes of an include projection */
    public List<String> getInclude() {
        return include;
    }

    /** @param include the attributes of an include projection */
    public void setInclude(List<String> include) {
        this.include = include;
    }

    /** @return whether the index is asserted sparse, or null */
    public @Nullable Boolean getSparse() {
        return sparse;
    }

    /** @param sparse whether the index is asserted sparse */
    public void setSparse(@Nullable Boolean sparse) {
        this.sparse = sparse;
    }

    /** @return the parallel segments of a Scan of the index */
    public int getScanSegments() {
        return scanSegments;
    }

    /** @param scanSegments the parallel segments of a Scan of the index */
    public void setScanSegments(int scanSegments) {
        this.scanSegments = scanSegments;
    }

    /** @return the membership */
    public MembershipProperties getMembership() {
        return membership;
    }

    /** @param membership the membership */
    public void setMembership(MembershipProperties membership) {
        this.membership = membership;
    }
}
