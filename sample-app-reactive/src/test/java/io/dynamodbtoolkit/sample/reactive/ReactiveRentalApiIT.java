package io.dynamodbtoolkit.sample.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import reactor.core.publisher.Flux;

/** The WebFlux rentals endpoints over HTTP, on the embedded engine the starter runs, with WebTestClient. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(ThreadDumpOnTimeout.class)
class ReactiveRentalApiIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final String DALLAS = "/api/rentals/states/TX/facilities/Dallas";

    @LocalServerPort
    private int port;

    @Autowired
    private ReactiveRentals rentals;

    private WebTestClient client;

    @BeforeEach
    void load() {
        client = WebTestClient.bindToServer().baseUrl("http://localhost:" + port).responseTimeout(TIMEOUT).build();
        rentals.deleteAllUnder(KeyValues.of("state", "TX"), MassOptions.defaults()).block(TIMEOUT);
        rentals.saveAll(Flux.just(new RentalRow.State("TX", "Texas", null),
                new RentalRow.Facility("TX", "Dallas", "Dallas", null),
                new RentalRow.Facility("TX", "Dallasville", "Dallasville", null),
                vehicle("Dallas", "1HGC0001", "Honda"), vehicle("Dallas", "5YJ30003", "Tesla"),
                vehicle("Dallasville", "JT0004", "Toyota"))).blockLast(TIMEOUT);
    }

    @Test
    void readsAFacilitysVehiclesAndSubtreeNeverTheSibling() {
        client.get().uri(DALLAS + "/vehicles").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$[*].vin").isEqualTo(java.util.List.of("1HGC0001", "5YJ30003"));
        client.get().uri(DALLAS + "/subtree").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.length()").isEqualTo(3)
                .jsonPath("$[0].city").isEqualTo("Dallas")
                .jsonPath("$[*].facility").value(facilities -> assertThat(facilities.toString())
                        .doesNotContain("Dallasville"));
        client.get().uri(DALLAS + "/vehicles/5YJ30003").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.make").isEqualTo("Tesla");
        client.get().uri(DALLAS + "/vehicles/NOPE").exchange().expectStatus().isNotFound()
                .expectHeader().contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .expectBody().jsonPath("$.detail").isEqualTo("No vehicle TX/Dallas/NOPE");
    }

    @Test
    void addsVehiclesOnlyUnderAnExistingFacilityAndOnlyOnce() {
        Map<String, Object> kia = Map.of("vin", "KIA0009", "make", "Kia", "dailyRate", 30);
        client.post().uri(DALLAS + "/vehicles").contentType(MediaType.APPLICATION_JSON).bodyValue(kia).exchange()
                .expectStatus().isCreated().expectBody().jsonPath("$.version").isEqualTo(1);
        client.post().uri(DALLAS + "/vehicles").contentType(MediaType.APPLICATION_JSON).bodyValue(kia).exchange()
                .expectStatus().isEqualTo(409);
        client.post().uri("/api/rentals/states/TX/facilities/Waco/vehicles").contentType(MediaType.APPLICATION_JSON)
                .bodyValue(kia).exchange().expectStatus().isNotFound();
    }

    @Test
    void deletesAFacilityWithItsVehicles() {
        client.delete().uri(DALLAS).exchange().expectStatus().isOk().expectBody().jsonPath("$.processed")
                .isEqualTo(3);
        client.get().uri(DALLAS + "/subtree").exchange().expectStatus().isOk().expectBody().jsonPath("$.length()")
                .isEqualTo(0);
        client.get().uri("/api/rentals/states/TX/facilities/Dallasville/subtree").exchange().expectStatus().isOk()
                .expectBody().jsonPath("$.length()").isEqualTo(2);
    }

    private static RentalRow.Vehicle vehicle(String facility, String vin, String make) {
        return new RentalRow.Vehicle("TX", facility, vin, make, new BigDecimal("49.90"), null);
    }
}
