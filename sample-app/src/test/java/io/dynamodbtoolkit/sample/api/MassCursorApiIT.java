package io.dynamodbtoolkit.sample.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.Adapter;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.MediaType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The guarded cascade delete of a facility resumes only with its own cursor: the cursor of another facility's delete
 * is a 400 naming the {@code cursor} parameter, and the facility is left exactly as it was (no row deleted, no
 * deleting mark), checked with a raw read of the table.
 */
class MassCursorApiIT extends ApiTestSupport {

    @Autowired
    private DynamoDbClient client;

    @Autowired
    @Qualifier("rentals")
    private Adapter<Map<String, Object>> rentals;

    @Test
    void theCursorOfAnotherFacilitysDeleteIsRefusedAndDeletesNothing() throws Exception {
        mvc.perform(post("/api/rentals/states/TX/facilities/Dallas/clone").contentType(MediaType.APPLICATION_JSON)
                .content("{\"toFacility\": \"RpA\"}")).andExpect(status().isOk());
        String rpa = mvc.perform(delete("/api/rentals/states/TX/facilities/RpA?maxItems=1"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(false))
                .andReturn().getResponse().getContentAsString();
        String cursor = JsonPath.read(rpa, "$.cursor");
        List<Map<String, AttributeValue>> houston = storedUnder("TX|Houston");
        assertThat(houston).hasSize(4);

        mvc.perform(delete("/api/rentals/states/TX/facilities/Houston").param("maxItems", "1")
                .param("cursor", cursor)).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid cursor"))
                .andExpect(jsonPath("$.parameter").value("cursor"))
                .andExpect(jsonPath("$.detail", containsString("cannot resume this mass operation")));

        assertThat(storedUnder("TX|Houston")).as("Houston intact, not marked").isEqualTo(houston);
        mvc.perform(delete("/api/rentals/states/TX/facilities/RpA").param("cursor", cursor))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(true));
    }

    private List<Map<String, AttributeValue>> storedUnder(String prefix) {
        return client.query(QueryRequest.builder().tableName(rentals.table()).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :sk)")
                .expressionAttributeNames(Map.of("#pk", "state", "#sk", "_sk"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TX"), ":sk",
                        AttributeValue.fromS(prefix))).build()).items();
    }
}
