package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link RestPolicy#ignoringUnknownFields()}: fields a body's class does not have are dropped, never stored; a patch
 * left with nothing to change is refused without a write (no version bump); wrong types are still refused.
 */
@DynamoDbTest
class UnknownFieldsIgnoredIT {

    private static DynamoDbClient client;
    private static String rentalsTable;
    private static RestFixture fixture;

    @BeforeAll
    static void load(TestTables tables, DynamoDbClient dynamoDb) {
        client = dynamoDb;
        rentalsTable = tables.create(RestFixture.RENTALS);
        fixture = new RestFixture(client, rentalsTable, tables.create(RestFixture.ISSUES),
                RestPolicy.defaults().ignoringUnknownFields());
        fixture.rentals.saveAll(List.of(new State("TX", "Texas", null)));
    }

    @Test
    void unknownFieldsAreDroppedNotStored() throws Exception {
        MockHttpServletResponse created = send(post("/api/rentals"), "{\"state\":\"OK\",\"name\":\"Oklahoma\","
                + "\"zzz\":1}");
        assertThat(created.getStatus()).as(created.getContentAsString()).isEqualTo(201);
        Map<String, AttributeValue> row = RawTable.row(client, rentalsTable, "state", "OK", "OK");
        assertThat(row).containsKey("name").doesNotContainKey("zzz");
    }

    @Test
    void aPatchOfUnknownFieldsOnlyIsRefusedWithoutAVersionBump() throws Exception {
        Map<String, AttributeValue> before = RawTable.row(client, rentalsTable, "state", "TX", "TX");
        MockHttpServletResponse response = send(patch("/api/rentals/TX"), "{\"zzz\":1}");
        assertThat(response.getStatus()).as(response.getContentAsString()).isEqualTo(400);
        assertThat(RawTable.row(client, rentalsTable, "state", "TX", "TX")).isEqualTo(before);
        MockHttpServletResponse wrongType = send(patch("/api/rentals/TX"), "{\"name\":[1,2],\"zzz\":1}");
        assertThat(wrongType.getStatus()).as(wrongType.getContentAsString()).isEqualTo(422);
        assertThat(RawTable.row(client, rentalsTable, "state", "TX", "TX")).isEqualTo(before);
    }

    private static MockHttpServletResponse send(MockHttpServletRequestBuilder request, String body) throws Exception {
        return fixture.mvc.perform(request.contentType(MediaType.APPLICATION_JSON).content(body)).andReturn()
                .getResponse();
    }
}
