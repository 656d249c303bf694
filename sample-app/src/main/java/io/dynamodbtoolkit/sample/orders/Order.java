package io.dynamodbtoolkit.sample.orders;

import java.math.BigDecimal;
import java.time.Instant;

import org.springframework.data.annotation.Version;

/**
 * A customer's order, keyed {@code C-100#OPEN#2026-07-16T09:12:00.000000000Z}: the status, then the time, so
 * "this customer's open orders, newest first" is one key seek. The status is part of the key: changing it moves the
 * order.
 *
 * @param customer the customer (the partition key)
 * @param status   where the order is
 * @param placedAt when it was placed
 * @param item     what was ordered
 * @param total    what it costs, in dollars
 * @param version  the optimistic-locking version (null before the first write)
 */
public record Order(String customer, OrderStatus status, Instant placedAt, String item, BigDecimal total,
        @Version Long version) {
}
