package io.dynamodbtoolkit.springdata.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** An order on a plain pk/sk table (customerId / orderId), with nested lines and a status index. */
public record Order(String customerId, String orderId, Status status, Instant createdAt, BigDecimal total,
        List<Line> lines) {

    /** Where an order stands. */
    public enum Status { OPEN, SHIPPED, CANCELLED }

    /**
     * One line of an order, stored as a nested map.
     *
     * @param sku      the product
     * @param quantity how many
     */
    public record Line(String sku, int quantity) {
    }
}
