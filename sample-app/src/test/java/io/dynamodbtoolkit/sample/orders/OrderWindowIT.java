package io.dynamodbtoolkit.sample.orders;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Instant;

import com.example.cookbook.RecordedCalls;
import io.dynamodbtoolkit.boot.test.autoconfigure.DynamoDbToolkitTest;
import io.dynamodbtoolkit.sample.readme.Readme;
import io.dynamodbtoolkit.sample.readme.SentRequests;
import io.dynamodbtoolkit.test.RequestLog;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

/**
 * A time window on the orders' {@code Instant} tier is one key range: the instants are stored in one width, so the
 * bounds keep out an order placed a nanosecond after the window and an order of another status.
 */
@DynamoDbToolkitTest
@Import(RecordedCalls.class)
class OrderWindowIT {

    private static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");
    private static final Instant JULY_31 = Instant.parse("2026-07-31T23:59:59Z");

    @Autowired
    private OrderRepository orders;

    @Autowired
    private RequestLog calls;

    @Test
    void aTimeWindowIsOneKeyRange() {
        orders.insert(order(OrderStatus.OPEN, JULY_1.minusNanos(1), "too early"));
        orders.insert(order(OrderStatus.OPEN, JULY_1, "first"));
        orders.insert(order(OrderStatus.OPEN, Instant.parse("2026-07-16T09:12:00Z"), "second"));
        orders.insert(order(OrderStatus.OPEN, JULY_31, "third"));
        orders.insert(order(OrderStatus.OPEN, JULY_31.plusNanos(1), "too late"));
        orders.insert(order(OrderStatus.SHIPPED, Instant.parse("2026-07-10T00:00:00Z"), "shipped"));
        calls.clear();

        assertThat(orders.findByCustomerAndStatusAndPlacedAtBetween("C-100", OrderStatus.OPEN, JULY_1, JULY_31))
                .extracting(Order::item).containsExactly("first", "second", "third");

        calls.assertNoReadAmplification();
        assertThat(SentRequests.text(calls, RecordedCalls::withoutTestPrefix))
                .isEqualTo(Readme.request("cookbook/order-window").text());
    }

    private static Order order(OrderStatus status, Instant placedAt, String item) {
        return new Order("C-100", status, placedAt, item, new BigDecimal("10"), null);
    }
}
