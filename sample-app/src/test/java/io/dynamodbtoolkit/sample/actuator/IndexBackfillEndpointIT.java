package io.dynamodbtoolkit.sample.actuator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.sample.demo.DemoData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The {@code dynamodbtoolkit} Actuator endpoint over HTTP, with its write access granted: facilities that lost their
 * {@code all-facilities} marker (as items written before the index was declared lack it) are brought back into the
 * index by {@code POST /actuator/dynamodbtoolkit/backfill/rentals/all-facilities}, a bounded run at a time.
 */
@SpringBootTest(properties = {"management.endpoints.web.exposure.include=health,dynamodbtoolkit",
    "management.endpoint.dynamodbtoolkit.access=unrestricted"})
@AutoConfigureMockMvc
class IndexBackfillEndpointIT {

    private static final String MARKER = "_facilityMarker";

    @Autowired
    private MockMvc mvc;

    @Autowired
    private DynamoDbClient client;

    @Autowired
    @Qualifier("rentals")
    private Adapter<?> rentals;

    @Autowired
    private DemoData demoData;

    @BeforeEach
    void facilitiesWithoutTheirMarker() {
        demoData.reset();
        List<Map<String, AttributeValue>> facilities = itemsWith(MARKER);
        assertThat(facilities).isNotEmpty();
        facilities.forEach(item -> client.updateItem(request -> request.tableName(rentals.table())
                .key(rentals.stored().keyOf(item)).updateExpression("REMOVE #m")
                .expressionAttributeNames(Map.of("#m", MARKER))));
    }

    @Test
    void postsBackfillTheIndexAndResumeFromTheCursorAnswered() throws Exception {
        int facilities = countFacilities();
        mvc.perform(get("/actuator/dynamodbtoolkit")).andExpect(status().isOk())
                .andExpect(jsonPath("$.adapters").isArray());

        String first = mvc.perform(post("/actuator/dynamodbtoolkit/backfill/rentals/all-facilities")
                .contentType(MediaType.APPLICATION_JSON).content("{\"maxItems\": 10, \"segments\": 1}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.operation").value("backfill"))
                .andExpect(jsonPath("$.complete").value(false)).andReturn().getResponse().getContentAsString();
        String cursor = JsonPath.read(first, "$.cursor");
        int processed = JsonPath.read(first, "$.processed");

        String rest = mvc.perform(post("/actuator/dynamodbtoolkit/backfill/rentals/all-facilities")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"maxItems\": 0, \"segments\": 1, \"cursor\": \"" + cursor + "\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(true))
                .andExpect(jsonPath("$.failed").value(0)).andReturn().getResponse().getContentAsString();
        processed += JsonPath.<Integer>read(rest, "$.processed");

        assertThat(processed).isEqualTo(facilities);
        assertThat(itemsWith(MARKER)).hasSize(facilities);
    }

    @Test
    void badRequestsAreRefusedWithWhatToSend() throws Exception {
        mvc.perform(post("/actuator/dynamodbtoolkit/backfill/fleet/all-facilities")
                .contentType(MediaType.APPLICATION_JSON).content("{}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value(startsWith("Unknown adapter 'fleet'; the adapters are [")));
        mvc.perform(post("/actuator/dynamodbtoolkit/backfill/rentals/all-vans")
                .contentType(MediaType.APPLICATION_JSON).content("{}"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value(containsString("the declared indexes are [")));
        mvc.perform(post("/actuator/dynamodbtoolkit/backfill/rentals/all-facilities")
                .contentType(MediaType.APPLICATION_JSON).content("{\"cursor\": \"tampered\"}"))
                .andExpect(status().isBadRequest());
        assertThat(itemsWith(MARKER)).as("nothing written by refused requests").isEmpty();
    }

    private int countFacilities() {
        return (int) client.scan(request -> request.tableName(rentals.table()).consistentRead(true)).items().stream()
                .filter(item -> item.containsKey("kind") && "facility".equals(item.get("kind").s())).count();
    }

    private List<Map<String, AttributeValue>> itemsWith(String attribute) {
        return client.scan(request -> request.tableName(rentals.table()).consistentRead(true)).items().stream()
                .filter(item -> item.containsKey(attribute)).toList();
    }
}
