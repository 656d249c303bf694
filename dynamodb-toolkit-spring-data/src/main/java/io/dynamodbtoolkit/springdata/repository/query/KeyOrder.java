package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

import org.springframework.data.domain.Sort;

/**
 * The order a key read returns its items in, and which {@link Sort}s it can honour: a Query returns items in the
 * order of its sort key, forwards or backwards. A sort on the key fields that vary in the read (in key order, one
 * direction) is served by the direction of the read; the fixed key fields may appear anywhere (they are constant);
 * anything else would need an in-memory sort or an index, and is refused with the index to declare.
 */
public final class KeyOrder {

    private final List<String> varying;
    private final List<String> fixed;
    private final UnaryOperator<String> attributeOfProperty;
    private final String table;

    /**
     * @param varying             the key fields whose values vary in the read, in key order
     * @param fixed               the key fields with one value in the read
     * @param attributeOfProperty maps a sort property to its attribute
     * @param table               the table, for messages
     */
    public KeyOrder(List<String> varying, List<String> fixed, UnaryOperator<String> attributeOfProperty,
            String table) {
        this.varying = List.copyOf(varying);
        this.fixed = List.copyOf(fixed);
        this.attributeOfProperty = attributeOfProperty;
        this.table = table;
    }

    /** @return whether a read serving this sort walks the key backwards */
    public boolean isDescending(Sort sort) {
        return sort.stream().filter(order -> !fixed.contains(attributeOfProperty.apply(order.getProperty())))
                .findFirst().map(Sort.Order::isDescending).orElse(false);
    }

    /** @return why the read cannot return items in this order, if it cannot */
    public Optional<String> problem(Sort sort) {
        List<String> sorted = new ArrayList<>();
        Sort.Direction direction = null;
        for (Sort.Order order : sort) {
            String attribute = attributeOfProperty.apply(order.getProperty());
            if (fixed.contains(attribute)) {
                continue;
            }
            if (order.isIgnoreCase()) {
                return Optional.of("a case-insensitive sort by '" + order.getProperty() + "' would need an in-memory "
                        + "sort; key order is case-sensitive");
            }
            int position = varying.indexOf(attribute);
            if (position < 0 || position != sorted.size()) {
                String keyOrder = varying.isEmpty() ? "one item per key" : "key order (" + String.join(", ", varying)
                        + ")";
                String index = "declare a local secondary index on table " + table + " with sort key '" + attribute
                        + "' (or a global one whose partition key is the partition key and sort key '" + attribute
                        + "') and query it";
                return Optional.of(position < 0
                        ? "sorting by '" + order.getProperty() + "' would need an in-memory sort: the items come in "
                                + keyOrder + "; " + index
                        : "sorting by '" + order.getProperty() + "' before '" + varying.get(sorted.size())
                                + "' would need an in-memory sort: the items come in " + keyOrder + "; " + index);
            }
            if (direction != null && direction != order.getDirection()) {
                return Optional.of("the sort mixes directions, but a Query reads its key order forwards or backwards"
                        + " only: sort every key field the same way");
            }
            direction = order.getDirection();
            sorted.add(attribute);
        }
        return Optional.empty();
    }
}
