package io.dynamodbtoolkit.springdata.orders;

import java.time.Instant;
import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Derived methods on a plain key and on a global index keyed by status and creation time. */
@AdapterName("orders")
public interface OrderRepository extends HierarchicalRepository<Order> {

    Window<Order> findUnder(String customerId, ScrollPosition position, Limit limit);

    List<Order> findByCustomerId(String customerId, Sort sort);

    List<Order> findByCustomerIdAndOrderIdStartingWith(String customerId, String prefix);

    List<Order> findByCustomerIdAndOrderIdBetween(String customerId, String from, String to);

    List<Order> findByStatusAndCreatedAtBetween(Order.Status status, Instant from, Instant to);

    List<Order> findByStatusOrderByCreatedAtDesc(Order.Status status, Limit limit);
}
