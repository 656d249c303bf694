package io.dynamodbtoolkit.sample.reactive;

import java.math.BigDecimal;
import java.time.Duration;

import io.dynamodbtoolkit.key.KeyValues;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

/**
 * Writes the demo rows once at start-up, when the table has no {@code TX} row: Texas, its facilities Dallas and
 * Dallasville (a sibling whose name starts with "Dallas", which a subtree read must never return), and a few vehicles.
 * Off with {@code sample.demo-data=false}. An application runner: it runs before Boot's readiness state turns to
 * {@code ACCEPTING_TRAFFIC}, and until then {@code web.ReadinessGate} answers every request with a 503, so no request
 * sees the table half-filled.
 */
@Component
@ConditionalOnProperty(name = "sample.demo-data", havingValue = "true", matchIfMissing = true)
class DemoRentals implements ApplicationRunner {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final ReactiveRentals rentals;

    DemoRentals(ReactiveRentals rentals) {
        this.rentals = rentals;
    }

    @Override
    public void run(ApplicationArguments args) {
        // start-up runs on the main thread, not on a reactive one: waiting here blocks nothing that serves requests
        rentals.findById(KeyValues.of("state", "TX")).hasElement()
                .flatMapMany(present -> present ? Flux.empty() : rentals.saveAll(Flux.just(
                        new RentalRow.State("TX", "Texas", null),
                        new RentalRow.Facility("TX", "Dallas", "Dallas", null),
                        new RentalRow.Facility("TX", "Dallasville", "Dallasville", null),
                        vehicle("Dallas", "1HGC0001", "Honda", "49.90"),
                        vehicle("Dallas", "5YJ30003", "Tesla", "89.00"),
                        vehicle("Dallasville", "JT0004", "Toyota", "39.50"))))
                .blockLast(TIMEOUT);
    }

    private static RentalRow.Vehicle vehicle(String facility, String vin, String make, String dailyRate) {
        return new RentalRow.Vehicle("TX", facility, vin, make, new BigDecimal(dailyRate), null);
    }
}
