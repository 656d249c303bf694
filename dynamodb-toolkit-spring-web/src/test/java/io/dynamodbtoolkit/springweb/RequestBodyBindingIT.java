package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Bodies are bound to the class of their row's tier (issue 31, point 4): a field the class does not have, a value of
 * another type, a type label other than the key's, the version, a technical field or a field named twice is refused
 * with 422 naming it (400 for malformed JSON), and the table is left exactly as it was, version included (checked with
 * a raw scan of the table).
 */
@DynamoDbTest
class RequestBodyBindingIT {

    private static final String VEHICLE = "/api/rentals/TX/Dallas/1HGC0001";

    private static DynamoDbClient client;
    private static String rentalsTable;
    private static RestFixture fixture;

    @BeforeAll
    static void load(TestTables tables, DynamoDbClient dynamoDb) {
        client = dynamoDb;
        rentalsTable = tables.create(RestFixture.RENTALS);
        fixture = new RestFixture(client, rentalsTable, tables.create(RestFixture.ISSUES), RestPolicy.defaults());
        fixture.rentals.saveAll(RestFixture.dallas());
    }

    static Stream<Arguments> refusedBodies() {
        return Stream.of(
                // PATCH: the issue's cases
                refused("PATCH", VEHICLE, "{\"zzz\":1,\"version\":99}", 422, "zzz"),
                refused("PATCH", VEHICLE, "{\"zzz\":1}", 422, "zzz"),
                refused("PATCH", VEHICLE, "{\"version\":99}", 422, "version"),
                refused("PATCH", VEHICLE, "{\"make\":[1,2]}", 422, "make"),
                refused("PATCH", VEHICLE, "{\"make\":{\"a\":1}}", 422, "make"),
                refused("PATCH", VEHICLE, "{\"seats\":\"many\"}", 422, "seats"),
                refused("PATCH", VEHICLE, "{\"seats\":5.5}", 422, "seats"),
                refused("PATCH", VEHICLE, "{\"kind\":\"facility\"}", 422, "kind"),
                refused("PATCH", VEHICLE, "{\"kind\":\"facility\",\"make\":\"Kia\"}", 422, "kind"),
                refused("PATCH", VEHICLE, "{\"make\":\"Kia\",\"make\":\"Fiat\"}", 422, "make"),
                refused("PATCH", VEHICLE, "{\"_delete\":[\"zzz\"]}", 422, "zzz"),
                refused("PATCH", VEHICLE, "{\"_delete\":[\"version\"]}", 422, "version"),
                refused("PATCH", VEHICLE, "{\"make\":\"Kia\"", 400, "JSON"),
                // POST and PUT: unknown fields are no longer dropped, wrong types and labels refused
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N1\",\"zzz\":1}",
                        422, "zzz"),
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N2\",\"make\":5}",
                        422, "make"),
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N3\","
                        + "\"make\":\"Kia\",\"make\":\"Fiat\"}", 422, "make"),
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N4\","
                        + "\"kind\":\"state\"}", 422, "kind"),
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N5\","
                        + "\"_version\":7}", 422, "_version"),
                refused("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"N6\"} {}", 400,
                        "JSON"),
                refused("PUT", VEHICLE, "{\"make\":\"Kia\",\"zzz\":1}", 422, "zzz"),
                refused("PUT", VEHICLE, "{\"make\":true}", 422, "make"),
                refused("PUT", "/api/rentals/TX/Dallas/NEW1?force=true", "{\"make\":\"Kia\",\"zzz\":1}", 422, "zzz"));
    }

    private static Arguments refused(String method, String uri, String body, int status, String named) {
        return Arguments.of(method, uri, body, status, named);
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @MethodSource("refusedBodies")
    void isRefusedNamingTheFieldAndChangesNothing(String method, String uri, String body, int status, String named)
            throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);
        MockHttpServletResponse response = send(request(HttpMethod.valueOf(method), URI.create(uri)), body);
        String answer = response.getStatus() + " " + response.getContentAsString();
        assertThat(response.getStatus()).as(answer).isEqualTo(status);
        assertThat(response.getContentAsString()).as(answer).contains(named).doesNotContain("tools.jackson")
                .doesNotContain("Exception");
        assertThat(RawTable.rows(client, rentalsTable)).as("the table, version included, after " + answer)
                .isEqualTo(before);
    }

    @Test
    void anItemReadIsWrittenBackAsItIs() throws Exception {
        String read = fixture.mvc.perform(get(VEHICLE)).andReturn().getResponse().getContentAsString();
        MockHttpServletResponse response = send(put(VEHICLE), read);
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(200);
        assertThat(response.getHeader("ETag")).isNotEqualTo("\"1\"");
    }

    @Test
    void theTypeLabelTheKeyGivesIsAccepted() throws Exception {
        MockHttpServletResponse response = send(request(HttpMethod.PATCH, URI.create("/api/rentals/TX/Dallas")),
                "{\"kind\":\"facility\",\"city\":\"Big D\"}");
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(200);
        Map<String, AttributeValue> row = RawTable.row(client, rentalsTable, "state", "TX", "TX|Dallas");
        assertThat(row.get("city").s()).isEqualTo("Big D");
        assertThat(row.get("kind").s()).isEqualTo("facility");
    }

    @Test
    void decimalsReachTheirFieldDigitForDigit() throws Exception {
        MockHttpServletResponse response = send(request(HttpMethod.POST, URI.create("/api/rentals")),
                "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"EXACT1\",\"dailyRate\":12345678901234567.89}");
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(201);
        assertThat(RawTable.row(client, rentalsTable, "state", "TX", "TX|Dallas|EXACT1").get("dailyRate").n())
                .isEqualTo("12345678901234567.89");
    }

    private static MockHttpServletResponse send(MockHttpServletRequestBuilder request, String body) throws Exception {
        return fixture.mvc.perform(request.contentType(MediaType.APPLICATION_JSON).content(body)).andReturn()
                .getResponse();
    }
}
