package io.dynamodbtoolkit.sample.orders;

import java.time.Clock;
import java.time.Instant;

import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import io.dynamodbtoolkit.sample.web.PageResponse;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.data.domain.Limit;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** A customer's orders by status, newest first; placing an order; moving an order to another status. */
@RestController
@RequestMapping("/api/customers/{customer}/orders")
public class OrderController {

    private final OrderRepository orders;
    private final Clock clock;

    /**
     * @param orders the orders
     * @param clock  the time an order is placed at
     */
    public OrderController(OrderRepository orders, Clock clock) {
        this.orders = orders;
        this.clock = clock;
    }

    /** @return one page of a customer's orders in one status, newest first */
    @GetMapping
    public PageResponse<Order> byStatus(@PathVariable String customer, @RequestParam OrderStatus status,
            @RequestParam(required = false) String cursor,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        return PageResponse.of(orders.findNewestFirst(customer, status,
                PageResponse.positionAfter(cursor), Limit.of(limit)));
    }

    /** Places an order, open, now. @return it as written */
    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Order place(@PathVariable String customer, @Valid @RequestBody NewOrder order) {
        return orders.insert(new Order(customer, OrderStatus.OPEN, clock.instant(), order.item(), order.total(), null));
    }

    /** @return one order */
    @GetMapping("/{status}/{placedAt}")
    public Order order(@PathVariable String customer, @PathVariable OrderStatus status,
            @PathVariable Instant placedAt) {
        return orders.findByCustomerAndStatusAndPlacedAt(customer, status, placedAt)
                .orElseThrow(() -> new NoSuchItemException("order " + customer + "/" + status + "/" + placedAt));
    }

    /**
     * Moves an order to another status. The status is part of the key, so the order is written at its new key and
     * deleted at the old one. @return the order at its new key
     */
    @PutMapping("/{status}/{placedAt}/status")
    public Order changeStatus(@PathVariable String customer, @PathVariable OrderStatus status,
            @PathVariable Instant placedAt, @Valid @RequestBody StatusChange change) {
        Order order = order(customer, status, placedAt);
        if (change.status() != status) {
            orders.moveAllUnder(customer, status, placedAt, change.status(), MassOptions.defaults());
        }
        return order(customer, change.status(), order.placedAt());
    }
}
