package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;

import java.net.URI;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Requests a client gets wrong, in the categories of the sample's fuzzing (malformed bodies, wrong types, forged
 * cursors, separators in keys, oversized values, routes that do not exist): each is a 4xx as RFC 9457 problem details
 * naming no AWS detail, none is a 500, and nothing is written.
 */
@DynamoDbTest
class HostileRestRequestsIT {

    private static final String JSON = "application/json";
    private static final String BIG = "x".repeat(410 * 1024);
    private static final String FORGED = "eyJrIjp7InN0YXRlIjp7IlMiOiJPSyJ9fX0";

    private static String rentalsTable;
    private static String issuesTable;
    private static RestFixture fixture;
    private static int answered;

    @BeforeAll
    static void createTables(TestTables tables, DynamoDbClient client) {
        rentalsTable = tables.create(RestFixture.RENTALS);
        issuesTable = tables.create(RestFixture.ISSUES);
        fixture = new RestFixture(client, rentalsTable, issuesTable, RestPolicy.defaults());
        fixture.rentals.saveAll(RestFixture.dallas());
    }

    @BeforeEach
    void noWrites() {
        assertThat(rows()).isEqualTo(3);
    }

    @AfterAll
    static void everyCaseRan() {
        assertThat(answered).isEqualTo(requests().count());
    }

    static Stream<Arguments> requests() {
        return Stream.of(
                // malformed bodies
                hostile("POST", "/api/rentals", JSON, "{not json", 400),
                hostile("POST", "/api/rentals", JSON, "", 400),
                hostile("POST", "/api/rentals", JSON, "[1,2,3]", 400),
                hostile("POST", "/api/rentals", JSON, "\"just a string\"", 400),
                hostile("POST", "/api/rentals", JSON, "null", 400),
                hostile("POST", "/api/rentals", "text/plain", "state=TX", 415),
                hostile("POST", "/api/rentals", "*/*", "{}", 415),
                hostile("POST", "/api/rentals", JSON, "{\"facility\":\"Dallas\"}", 422),
                hostile("PUT", "/api/rentals/-load", JSON, "{\"state\":\"TX\"}", 400),
                hostile("PUT", "/api/rentals/-load", JSON, "[1]", 400),
                hostile("PATCH", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{\"_delete\":\"make\"}", 400),
                hostile("PATCH", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{\"_proto\":[]}", 400),
                hostile("PATCH", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{\"vin\":\"OTHER\"}", 400),
                hostile("PATCH", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{}", 400),
                // wrong types
                hostile("POST", "/api/rentals", JSON,
                        "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"W1\",\"seats\":\"many\"}", 422),
                hostile("POST", "/api/rentals", JSON,
                        "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"W2\",\"dailyRate\":{\"a\":1}}", 422),
                hostile("PUT", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{\"seats\":[1]}", 422),
                hostile("GET", "/api/rentals?limit=ten", null, null, 400),
                hostile("GET", "/api/rentals?limit=-1", null, null, 400),
                hostile("GET", "/api/rentals?limit=99999999999999999999", null, null, 400),
                hostile("GET", "/api/rentals?total=maybe", null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/-under?gt-seats=abc", null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/-under?eq-color=red", null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/-under?limit=1&limit=2", null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/1HGC0001", null, null, 200),
                hostile("PUT", "/api/rentals/TX/Dallas/1HGC0001", JSON, "{\"make\":\"X\"}", 200),
                hostile("DELETE", "/api/rentals/TX/Dallas/1HGC0001", null, null, 412, "If-Match", "\"1\""),
                hostile("DELETE", "/api/rentals/TX/Dallas/1HGC0001", null, null, 400, "If-Match", "banana"),
                // forged and foreign cursors
                hostile("GET", "/api/rentals/TX/Dallas/-under?cursor=" + FORGED, null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/-under?cursor=%25%25%25", null, null, 400),
                hostile("GET", "/api/rentals?cursor=" + "A".repeat(5000), null, null, 400),
                hostile("DELETE", "/api/rentals/TX/Dallas/-under?cursor=" + FORGED, null, null, 400),
                // separators and oddities in keys
                hostile("GET", "/api/rentals/TX%7CDallas", null, null, 400),
                hostile("POST", "/api/rentals", JSON, "{\"state\":\"TX|OK\",\"name\":\"Both\"}", 400),
                hostile("PUT", "/api/rentals/TX/Dal%7Clas?force=true", JSON, "{\"city\":\"x\"}", 400),
                hostile("GET", "/api/rentals/TX//Dallas", null, null, 400),
                hostile("GET", "/api/rentals/TX/%C3%28", null, null, 404),
                hostile("GET", "/api/rentals/TX/-bogus", null, null, 404),
                hostile("GET", "/api/rentals/-by-names", null, null, 400),
                hostile("GET", "/api/rentals/-by-names?names=" + "a,".repeat(101), null, null, 400),
                hostile("GET", "/api/rentals/TX/Dallas/1HGC0001/extra", null, null, 404),
                hostile("GET", "/api/rentals/-under", null, null, 404),
                hostile("GET", "/api/rentals/TX/-partial", null, null, 400),
                // oversized values
                hostile("POST", "/api/rentals", JSON, "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"BIG\","
                        + "\"make\":\"" + BIG + "\"}", 422),
                hostile("GET", "/api/rentals/TX/" + "D".repeat(2000), null, null, 400),
                hostile("GET", "/api/rentals?fields=" + "f,".repeat(150), null, null, 400),
                // methods and routes
                hostile("POST", "/api/rentals/TX", JSON, "{}", 405),
                hostile("PATCH", "/api/rentals", JSON, "{}", 405),
                hostile("DELETE", "/api/rentals", null, null, 400),
                hostile("PUT", "/api/rentals/-nothing", JSON, "{}", 404));
    }

    private static Arguments hostile(String method, String uri, String contentType, String body, int status,
            String... header) {
        return Arguments.of(method, uri, contentType, body, status, header);
    }

    @ParameterizedTest(name = "{0} {1} -> {4}")
    @MethodSource("requests")
    void isAClientErrorAndWritesNothing(String method, String uri, String contentType, String body, int status,
            String[] header) throws Exception {
        MockHttpServletRequestBuilder request = request(HttpMethod.valueOf(method), URI.create(uri));
        if (contentType != null) {
            request.contentType(contentType);
        }
        if (body != null) {
            request.content(body);
        }
        if (header.length == 2) {
            request.header(header[0], header[1]);
        }
        MockHttpServletResponse response = fixture.mvc.perform(request).andReturn().getResponse();
        String answer = response.getStatus() + " " + response.getContentAsString();
        answered++;
        assertThat(response.getStatus()).as(answer).isLessThan(500).isEqualTo(status);
        if (status >= 400) {
            assertThat(response.getContentType()).as(answer).startsWith("application/problem+json");
            assertThat(response.getContentAsString()).as(answer).contains("\"status\":" + status)
                    .doesNotContain("Request ID").doesNotContain("Service: DynamoDb").doesNotContain("Exception")
                    .doesNotContain("tools.jackson");
        }
        assertThat(rows()).as("nothing was written").isEqualTo(3);
    }

    private static int rows() {
        return fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items().size();
    }
}
