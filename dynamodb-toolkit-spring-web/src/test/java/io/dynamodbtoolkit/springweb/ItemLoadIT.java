package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code PUT /-load} writes all its items or none (issue 31, point 3): an item refused by the checks (a key over
 * DynamoDB's limit, two items with one key, an item over 400 KB, a field its class does not have) or by the commit
 * (an existing row where the item carries no version) leaves the table exactly as it was, the first, valid item
 * included (checked with a raw scan of the table).
 */
@DynamoDbTest
class ItemLoadIT {

    private static final String VALID = vehicle("L1", "Mini");

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

    private static String vehicle(String vin, String make) {
        return "{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"" + vin + "\",\"make\":\"" + make + "\"}";
    }

    @Test
    void aKeyOverDynamoDbsLimitWritesNothing() throws Exception {
        refused("[" + VALID + ",{\"state\":\"" + "S".repeat(2049) + "\",\"name\":\"Long\"}]", 400, "Item [1]");
    }

    @Test
    void twoItemsWithOneKeyWriteNothing() throws Exception {
        refused("[" + VALID + "," + vehicle("L1", "Fiat") + "]", 422, "item [0]");
    }

    @Test
    void anItemOverFourHundredKilobytesWritesNothing() throws Exception {
        refused("[" + VALID + "," + vehicle("L2", "x".repeat(400 * 1024)) + "]", 422, "400 KB");
    }

    @Test
    void anItemThatDoesNotFitItsClassWritesNothing() throws Exception {
        refused("[" + VALID + ",{\"state\":\"TX\",\"facility\":\"Dallas\",\"vin\":\"L3\",\"zzz\":1}]", 422, "zzz");
    }

    @Test
    void aRowTheCommitFindsTakenWritesNothing() throws Exception {
        refused("[" + VALID + "," + vehicle("1HGC0001", "Fiat") + "]", 409, "1HGC0001");
    }

    @Test
    void validItemsAreAllWritten() throws Exception {
        MockHttpServletResponse response = load("[" + vehicle("L4", "Mini") + "," + vehicle("L5", "Mini") + "]");
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(200);
        assertThat(RawTable.row(client, rentalsTable, "state", "TX", "TX|Dallas|L4")).containsKey("make");
        assertThat(RawTable.row(client, rentalsTable, "state", "TX", "TX|Dallas|L5").get("_version"))
                .isEqualTo(AttributeValue.fromN("1"));
    }

    private static void refused(String body, int status, String named) throws Exception {
        List<Map<String, AttributeValue>> before = RawTable.rows(client, rentalsTable);
        MockHttpServletResponse response = load(body);
        String answer = response.getStatus() + " " + response.getContentAsString();
        assertThat(response.getStatus()).as(answer).isEqualTo(status);
        assertThat(response.getContentAsString()).as(answer).contains(named);
        assertThat(RawTable.rows(client, rentalsTable)).as("the table after " + answer).isEqualTo(before);
    }

    private static MockHttpServletResponse load(String body) throws Exception {
        return fixture.mvc.perform(put("/api/rentals/-load").contentType(MediaType.APPLICATION_JSON).content(body))
                .andReturn().getResponse();
    }
}
