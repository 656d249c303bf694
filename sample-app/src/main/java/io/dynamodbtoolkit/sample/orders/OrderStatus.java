package io.dynamodbtoolkit.sample.orders;

/** Where an order is; stored by name, the second component of the orders' sort key. */
public enum OrderStatus {
    /** Placed, not shipped yet. */
    OPEN,
    /** On its way. */
    SHIPPED,
    /** Called off. */
    CANCELLED
}
