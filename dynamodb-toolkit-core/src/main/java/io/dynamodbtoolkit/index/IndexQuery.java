package io.dynamodbtoolkit.index;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.expression.SortOperator;
import org.jspecify.annotations.Nullable;

/**
 * A key-seek query on the table or a declared index, given as field values: equalities on the partition side's
 * fields and on leading sort fields, then at most one range or prefix on the next sort field. The toolkit
 * composes the key condition the way the keys are written (zero padding, separators, contiguity), so a caller
 * never builds {@code "open|2026-07"} by hand.
 *
 * <pre>{@code
 * IndexQuery.on("by-status").eq("customerId", "C-100").eq("status", "open")          // begins_with(sk, "open|")
 * IndexQuery.on("by-status").eq("customerId", "C-100").eq("status", "open").between("createdAt", from, to)
 * IndexQuery.table().eq("bucket", "device-7#2026-07").ge("ts", 1_700_000_000_000L)
 * IndexQuery.on("all-vehicles")                                                      // a sharded marker: fans out
 * }</pre>
 */
public final class IndexQuery {

    private final @Nullable String index;
    private final Map<String, Object> equalities;
    private final @Nullable String rangeField;
    private final @Nullable SortOperator operator;
    private final List<Object> rangeValues;

    private IndexQuery(@Nullable String index, Map<String, Object> equalities, @Nullable String rangeField,
            @Nullable SortOperator operator,
            List<Object> rangeValues) {
        this.index = index;
        this.equalities = Collections.unmodifiableMap(equalities);
        this.rangeField = rangeField;
        this.operator = operator;
        this.rangeValues = rangeValues;
    }

    /** @return a query on a declared secondary index */
    public static IndexQuery on(String indexName) {
        return new IndexQuery(Objects.requireNonNull(indexName, "index name"), new LinkedHashMap<>(), null, null,
                List.of());
    }

    /** @return a query on the table's own key */
    public static IndexQuery table() {
        return new IndexQuery(null, new LinkedHashMap<>(), null, null, List.of());
    }

    /** @return a copy with one more field equality */
    public IndexQuery eq(String field, Object value) {
        if (rangeField != null) {
            throw new IllegalStateException("Give equalities before the range on '" + rangeField + "'");
        }
        Map<String, Object> more = new LinkedHashMap<>(equalities);
        more.put(Objects.requireNonNull(field, "field"), Objects.requireNonNull(value, "value of " + field));
        return new IndexQuery(index, more, null, null, List.of());
    }

    /** @return a copy with every equality of a map added */
    public IndexQuery eq(Map<String, ?> values) {
        IndexQuery query = this;
        for (Map.Entry<String, ?> entry : values.entrySet()) {
            query = query.eq(entry.getKey(), entry.getValue());
        }
        return query;
    }

    /** @return a copy where the next sort field starts with a prefix (string fields) */
    public IndexQuery beginsWith(String field, String prefix) {
        return range(field, SortOperator.BEGINS_WITH, prefix);
    }

    /** @return a copy where the next sort field lies between two values, inclusive */
    public IndexQuery between(String field, Object low, Object high) {
        return range(field, SortOperator.BETWEEN, low, high);
    }

    /** @return a copy where the next sort field is below a value */
    public IndexQuery lt(String field, Object value) {
        return range(field, SortOperator.LT, value);
    }

    /** @return a copy where the next sort field is at most a value */
    public IndexQuery le(String field, Object value) {
        return range(field, SortOperator.LE, value);
    }

    /** @return a copy where the next sort field is above a value */
    public IndexQuery gt(String field, Object value) {
        return range(field, SortOperator.GT, value);
    }

    /** @return a copy where the next sort field is at least a value */
    public IndexQuery ge(String field, Object value) {
        return range(field, SortOperator.GE, value);
    }

    /** @return a copy with a range given by operator, for code that chooses it at run time */
    public IndexQuery range(String field, SortOperator rangeOperator, Object... values) {
        if (rangeField != null) {
            throw new IllegalStateException("A key condition takes one range; '" + rangeField + "' has one already");
        }
        if (values.length != rangeOperator.valueCount()) {
            throw new IllegalArgumentException(rangeOperator + " takes " + rangeOperator.valueCount() + " value(s)");
        }
        return new IndexQuery(index, new LinkedHashMap<>(equalities), Objects.requireNonNull(field, "field"),
                rangeOperator, List.of(values));
    }

    /** @return the index queried, or null for the table */
    public @Nullable String index() {
        return index;
    }

    /** @return the equalities by field */
    public Map<String, Object> equalities() {
        return equalities;
    }

    /** @return the field of the range, or null */
    public @Nullable String rangeField() {
        return rangeField;
    }

    /** @return the range operator, or null */
    public @Nullable SortOperator operator() {
        return operator;
    }

    /** @return the range's values */
    public List<Object> rangeValues() {
        return rangeValues;
    }

    @Override
    public String toString() {
        return (index == null ? "table" : "index " + index) + " " + equalities
                + (rangeField == null ? "" : " " + rangeField + " " + operator + " " + rangeValues);
    }
}
