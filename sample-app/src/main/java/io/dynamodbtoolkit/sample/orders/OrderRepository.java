// tag::order-repository[]
package io.dynamodbtoolkit.sample.orders;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

// end::order-repository[]
/** Customer orders, keyed customer, then status, then time. */
// tag::order-repository[]
@AdapterName("orders")
public interface OrderRepository extends HierarchicalRepository<Order> {

    /** One customer's orders in one status, newest first: begins_with(_sk, "C-100#OPEN#"), read backwards. */
    default Window<Order> findNewestFirst(String customer, OrderStatus status, ScrollPosition position, Limit limit) {
        return findUnder(customer, status, Sort.by(Sort.Direction.DESC, "placedAt"), position, limit);
    }

    /** The orders under customer and status, in the order of the sort (placedAt, either way). */
    Window<Order> findUnder(String customer, OrderStatus status, Sort sort, ScrollPosition position, Limit limit);

    /** The orders under customer and status, a page at a time (newest first with options.inDescendingOrder()). */
    ItemPage<Order> findUnder(String customer, OrderStatus status, ListOptions options);

    /** One customer's orders in one status placed in a time window, oldest first: a key range, not a filter. */
    List<Order> findByCustomerAndStatusAndPlacedAtBetween(String customer, OrderStatus status, Instant from,
            Instant to);

    /** One order, by its whole key. */
    Optional<Order> findByCustomerAndStatusAndPlacedAt(String customer, OrderStatus status, Instant placedAt);

    /** Moves one order to another status: the key changes, so the item moves (written anew, then deleted). */
    MassResult moveAllUnder(String customer, OrderStatus status, Instant placedAt, OrderStatus toStatus,
            MassOptions options);
}
// end::order-repository[]
