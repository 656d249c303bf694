package io.dynamodbtoolkit.sample.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Requests a client gets wrong, sent as raw HTTP to the WebFlux sample on a real port (Netty in front, as in
 * production): every route with each hostile key value in each of its key slots, and every bad body, is answered with
 * a 4xx as RFC 9457 problem details, never a 5xx (before 2026-12-03 a key value holding the separator was a 500 with
 * Boot's default error body), and nothing in an answer names AWS.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReactiveHostileRequestsIT {

    /** The routes, their key slots written {state}, {facility} and {vin}. */
    private static final List<String> ROUTES = List.of(
            "GET /api/rentals/states/{state}/facilities/{facility}/vehicles",
            "GET /api/rentals/states/{state}/facilities/{facility}/subtree",
            "GET /api/rentals/states/{state}/facilities/{facility}/vehicles/{vin}",
            "POST /api/rentals/states/{state}/facilities/{facility}/vehicles",
            "DELETE /api/rentals/states/{state}/facilities/{facility}");
    private static final Map<String, String> VALID_KEY = Map.of("{state}", "TX", "{facility}", "Dallas",
            "{vin}", "1HGC0001");
    /** Key values no key can hold, as a client sends them in a path. */
    private static final List<String> HOSTILE_KEY_VALUES = List.of(
            "T%7CX",        // the separator
            "T%ZZ",         // a malformed percent escape
            "%E0%A4%A",     // a truncated UTF-8 sequence
            "%C3%28");      // an invalid UTF-8 sequence
    private static final String VEHICLES = "/api/rentals/states/TX/facilities/Dallas/vehicles";
    private static final String VEHICLE = "{\"vin\":\"HOSTILE1\",\"make\":\"Kia\",\"dailyRate\":30}";

    @LocalServerPort
    private int port;

    @Test
    void everyRouteAnswersEveryHostileRequestWithA4xxProblemDetail() throws IOException {
        RawHttp http = new RawHttp(port);
        List<RawHttp.Answer> answers = new ArrayList<>();
        for (String route : ROUTES) {
            String method = route.substring(0, route.indexOf(' '));
            String template = route.substring(route.indexOf(' ') + 1);
            for (String slot : VALID_KEY.keySet()) {
                if (!template.contains(slot)) {
                    continue;
                }
                for (String hostile : HOSTILE_KEY_VALUES) {
                    String path = template.replace(slot, hostile);
                    for (Map.Entry<String, String> valid : VALID_KEY.entrySet()) {
                        path = path.replace(valid.getKey(), valid.getValue());
                    }
                    answers.add(method.equals("POST") ? http.send(method, path, "application/json", VEHICLE)
                            : http.send(method, path, null, null));
                }
            }
        }
        answers.addAll(badBodies(http));

        long problems = answers.stream().filter(answer -> answer.status() >= 400 && answer.status() < 500
                && answer.isProblem(answer.status())).count();
        long serverErrors = answers.stream().filter(answer -> answer.status() >= 500).count();
        System.out.println("Reactive hostile corpus: " + answers.size() + " requests, " + problems
                + " answered 4xx problem details, " + serverErrors + " answered 5xx, "
                + (answers.size() - problems - serverErrors) + " otherwise");
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.status()).as(answer.toString()).isBetween(400, 499);
            assertThat(answer.isProblem(answer.status())).as(answer.toString()).isTrue();
            assertThat(answer.body()).as(answer.toString()).doesNotContain("Request ID")
                    .doesNotContain("Service: DynamoDb").doesNotContain("\"trace\"");
        });
    }

    @Test
    void aKeyValueHoldingTheSeparatorIsABadKeyOnGetAndPost() throws IOException {
        RawHttp http = new RawHttp(port);
        String separated = "/api/rentals/states/T%7CX/facilities/Dallas/vehicles";

        RawHttp.Answer get = http.send("GET", separated, null, null);
        RawHttp.Answer post = http.send("POST", separated, "application/json", VEHICLE);

        assertThat(get.isProblem(400)).as(get.toString()).isTrue();
        assertThat(get.body()).contains("invalid-key").contains("T|X");
        assertThat(post.isProblem(400)).as(post.toString()).isTrue();
        assertThat(post.body()).contains("invalid-key");
    }

    @Test
    void whatWebFluxRefusesBeforeAHandlerRunsIsProblemDetailsToo() throws IOException {
        RawHttp http = new RawHttp(port);

        assertThat(http.send("GET", "/no/such/page", null, null).isProblem(404)).isTrue();
        assertThat(http.send("PATCH", VEHICLES, "application/json", VEHICLE).isProblem(405)).isTrue();
        assertThat(http.send("POST", VEHICLES, "text/plain", "x").isProblem(415)).isTrue();
    }

    /** @return the answers to bodies a vehicle cannot be made of */
    private static List<RawHttp.Answer> badBodies(RawHttp http) throws IOException {
        return List.of(
                http.send("POST", VEHICLES, "application/json", "{not json"),
                http.send("POST", VEHICLES, "application/json", "[1]"),
                http.send("POST", VEHICLES, "application/json", ""),
                http.send("POST", VEHICLES, "application/json", "{\"make\":\"Kia\",\"dailyRate\":30}"),
                http.send("POST", VEHICLES, "application/json", "{\"vin\":\"A|B\",\"make\":\"Kia\",\"dailyRate\":30}"),
                http.send("POST", VEHICLES, "application/json",
                        "{\"vin\":\"V1\",\"make\":\"Kia\",\"dailyRate\":\"x\"}"),
                http.send("POST", VEHICLES, "text/plain", VEHICLE));
    }
}
