package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Write routes refuse key values no path could name again (issue 31, point 6): a value starting with the method
 * prefix ({@code -fzdash} would be read as a route), containing {@code /}, or a dot segment. 400 naming the field and
 * the rule; the table is left as it was (checked with a raw scan of the table).
 */
@DynamoDbTest
class AddressableKeysIT {

    private static DynamoDbClient client;
    private static String rentalsTable;
    private static RestFixture fixture;

    @BeforeAll
    static void load(TestTables tables, DynamoDbClient dynamoDb) {
        client = dynamoDb;
        rentalsTable = tables.create(RestFixture.RENTALS);
        fixture = new RestFixture(client, rentalsTable, tables.create(RestFixture.ISSUES),
                RestPolicy.defaults().allowingUnscopedDelete());
        fixture.rentals.saveAll(RestFixture.dallas());
    }

    static Stream<Arguments> unaddressable() {
        return Stream.of(
                write("POST", "/api/rentals", "{\"state\":\"-fzdash\",\"name\":\"Dash\"}", "state"),
                write("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"-x\",\"city\":\"X\"}", "facility"),
                write("POST", "/api/rentals", "{\"state\":\"TX\",\"facility\":\"a/b\",\"city\":\"X\"}", "facility"),
                write("POST", "/api/rentals", "{\"state\":\"..\",\"name\":\"Dots\"}", "state"),
                write("PUT", "/api/rentals/TX/a%2Fb?force=true", "{\"city\":\"X\"}", "facility"),
                write("PUT", "/api/rentals/-load", "[{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"OK1\"},"
                        + "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"-v\"}]", "vin"),
                write("PUT", "/api/rentals/-clone?eq-make=Honda", "{\"facility\":\"-copy\"}", "facility"));
    }

    private static Arguments write(String method, String uri, String body, String field) {
        return Arguments.of(method, uri, body, field);
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("unaddressable")
    void isRefusedNamingTheRuleAndWritesNothing(String method, String uri, String body, String field)
            throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);
        MockHttpServletResponse response = fixture.mvc.perform(request(HttpMethod.valueOf(method), URI.create(uri))
                .contentType(MediaType.APPLICATION_JSON).content(body)).andReturn().getResponse();
        String answer = response.getStatus() + " " + response.getContentAsString();
        assertThat(response.getStatus()).as(answer).isEqualTo(400);
        assertThat(response.getContentAsString()).as(answer).contains("unaddressable-key").contains("'" + field + "'");
        assertThat(RawTable.rows(client, rentalsTable)).as("the table after " + answer).isEqualTo(before);
    }

    @Test
    void aDashInsideAValueIsAddressable() throws Exception {
        MockHttpServletResponse created = fixture.mvc.perform(request(HttpMethod.POST, URI.create("/api/rentals"))
                .contentType(MediaType.APPLICATION_JSON).content("{\"state\":\"TX-2\",\"name\":\"Dash\"}"))
                .andReturn().getResponse();
        assertThat(created.getStatus()).as(created.getContentAsString()).isEqualTo(201);
        assertThat(fixture.mvc.perform(get(created.getHeader("Location"))).andReturn().getResponse().getStatus())
                .isEqualTo(200);
    }
}
