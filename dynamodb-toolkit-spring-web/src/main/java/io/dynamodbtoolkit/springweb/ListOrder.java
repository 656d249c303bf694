package io.dynamodbtoolkit.springweb;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.filter.Filter;
import io.dynamodbtoolkit.filter.FilterClause;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.index.AttributeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyValues;
import org.jspecify.annotations.Nullable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order a list request asks for with {@code sort=field} ({@code -field} descending), and what serves it: nothing is
 * sorted in memory. A key field is served by the key order of a key seek; another field by a declared index whose
 * sort key is that field, when the request fixes the index's partition: a marker partition (a sparse index) needs
 * nothing, an attribute partition takes its value from the request's {@code eq-<field>=} filter clause or from the
 * current scope (a local index: the table's partition key, likewise). Anything else is refused (400) with the fields
 * that can be sorted by.
 *
 * @param index      the index query that serves the order, or null for the key order of the read
 * @param descending whether in descending order
 */
record ListOrder(@Nullable IndexQuery index, boolean descending) {

    private static final ListOrder KEY_ORDER = new ListOrder(null, false);

    /**
     * @param keySeek     whether the read is a key seek (a Scan has no order; an index may still serve one)
     * @param indexesUsed whether a declared index may serve the order (a list; not a subtree read, which an index
     *                    cannot confine)
     * @throws RestRequestException (400) when the order cannot be served
     */
    static ListOrder of(RequestParameters parameters, AdapterDeclaration<?> declaration, Optional<KeyValues> scope,
            boolean keySeek, boolean indexesUsed) {
        String sort = parameters.get("sort");
        if (sort == null || sort.isBlank()) {
            return KEY_ORDER;
        }
        boolean descending = sort.startsWith("-");
        String field = descending ? sort.substring(1) : sort;
        List<String> keyFields = declaration.keys().keyFields().stream().map(KeyField::name).toList();
        if (keySeek && keyFields.contains(field)) {
            return new ListOrder(null, descending);
        }
        List<String> sortable = new ArrayList<>();
        if (keySeek) {
            sortable.add(String.join(", ", keyFields) + " (the key order)");
        }
        if (indexesUsed) {
            Filter filter = declaration.filters().parse(parameters.clauses());
            for (IndexDeclaration index : declaration.indexes().all()) {
                if (!(index.sort() instanceof AttributeKeyPart sortKey)) {
                    continue;
                }
                String partition = index.partition() == null ? declaration.keys().partitionField().name()
                        : index.partition() instanceof AttributeKeyPart attribute ? attribute.name() : null;
                Optional<IndexQuery> query = index.partition() instanceof MarkerKeyPart ? Optional.of(IndexQuery.on(
                        index.name())) : partition == null ? Optional.empty()
                                : partitionOf(index.name(), partition, filter, scope);
                if (sortKey.name().equals(field) && query.isPresent()) {
                    return new ListOrder(query.get(), descending);
                }
                if (query.isPresent() || partition != null) {
                    sortable.add(sortKey.name() + " (index " + index.name() + (query.isEmpty() ? ", with eq-"
                            + partition + "=..." : "") + ")");
                }
            }
        }
        throw RestRequestException.badRequest("Cannot sort by '" + KeyPaths.abbreviated(sort) + "': nothing is sorted "
                + "in memory, and " + (sortable.isEmpty() ? "this read has no order (a Scan), nor a declared index "
                        + "sorted by it; list under a key to read in key order"
                        : "the orders this read can be served in are: " + String.join("; ", sortable)
                                + "; '-' first for descending"));
    }

    /** @return the index query fixing the index's partition attribute from the scope or an eq clause, if one does */
    private static Optional<IndexQuery> partitionOf(String index, String partition, Filter filter,
            Optional<KeyValues> scope) {
        if (scope.isPresent() && scope.get().has(partition)) {
            return Optional.of(IndexQuery.on(index).eq(partition,
                    Objects.requireNonNull(scope.get().get(partition), "the scope has the partition")));
        }
        return filter.clauses().stream()
                .filter(clause -> clause.field().equals(partition) && clause.operator() == FilterOperator.EQ)
                .findFirst().map(clause -> IndexQuery.on(index).eq(partition, value(clause)));
    }

    private static Object value(FilterClause clause) {
        AttributeValue value = clause.values().get(0);
        return value.n() != null ? new BigDecimal(value.n()) : value.s() != null ? value.s() : value.b() != null
                ? value.b().asByteArray() : value.bool();
    }
}
