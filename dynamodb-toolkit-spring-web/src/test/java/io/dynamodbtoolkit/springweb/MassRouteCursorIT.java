package io.dynamodbtoolkit.springweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springweb.RentalRow.Facility;
import io.dynamodbtoolkit.springweb.RentalRow.State;
import io.dynamodbtoolkit.springweb.RentalRow.Vehicle;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The REST mass routes' {@code cursor}: only the cursor of the same route over the same subtree (and, for a copy of
 * the matching rows, with the same body) resumes it; another subtree's, another route's, another body's or a list's
 * cursor is a 400 naming the parameter, and nothing is deleted or written (checked with a raw read of the table).
 */
class MassRouteCursorIT extends RestTestSupport {

    private DynamoDbClient client;
    private MockMvc mvc;

    @BeforeEach
    void load(DynamoDbClient dynamo) {
        client = dynamo;
        RestFixture fixture = new RestFixture(dynamo, rentalsTable, issuesTable, RestPolicy.defaults());
        mvc = fixture.mvc;
        List<RentalRow> existing = fixture.rentals.scan(ListOptions.defaults(), RentalRow.class).items();
        fixture.rentals.deleteAllById(existing.stream().map(fixture.rentals::keyOf).toList());
        List<RentalRow> rows = new ArrayList<>(List.of(new State("TX", "Texas", null)));
        for (String facility : List.of("Dallas", "Houston")) {
            rows.add(new Facility("TX", facility, facility, null));
            for (int v = 0; v < 3; v++) {
                rows.add(new Vehicle("TX", facility, facility.charAt(0) + "V" + v, "Honda", new BigDecimal("49.90"),
                        5, null));
            }
        }
        fixture.rentals.saveAll(rows);
    }

    @Test
    void theCursorOfAnotherSubtreeDeletesNothing() throws Exception {
        String dallas = cursorOf(mvc.perform(delete("/api/rentals/TX/Dallas/-self-and-under").param("maxItems", "1"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString());
        List<Map<String, AttributeValue>> before = stored();

        refused(delete("/api/rentals/TX/Houston/-self-and-under").param("maxItems", "1").param("cursor", dallas));
        refused(delete("/api/rentals/TX/Dallas/-under").param("cursor", dallas));

        assertThat(stored()).as("nothing deleted, nothing marked").isEqualTo(before);
        mvc.perform(delete("/api/rentals/TX/Dallas/-self-and-under").param("cursor", dallas))
                .andExpect(status().isOk()).andExpect(jsonPath("$.complete").value(true));
    }

    @Test
    void aListCursorIsRefusedNotIgnored() throws Exception {
        String list = JsonPath.read(mvc.perform(get("/api/rentals/TX/Dallas/-under").param("limit", "1"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString(), "$.links.next");
        String listCursor = list.substring(list.indexOf("cursor=") + "cursor=".length());
        List<Map<String, AttributeValue>> before = stored();

        refused(delete("/api/rentals/TX/Dallas/-self-and-under").param("cursor", listCursor));
        refused(delete("/api/rentals/TX/Dallas/-under").param("cursor", listCursor));

        assertThat(stored()).as("nothing deleted, nothing marked").isEqualTo(before);
    }

    @Test
    void aCollectionCopysCursorResumesOnlyACopyWithTheSameBody() throws Exception {
        String houston = cursorOf(mvc.perform(put("/api/rentals/-clone").param("eq-make", "Honda")
                .param("maxItems", "1").contentType(MediaType.APPLICATION_JSON).content("{\"facility\":\"Houston\"}"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString());
        List<Map<String, AttributeValue>> before = stored();

        refused(put("/api/rentals/-clone").param("eq-make", "Honda").param("cursor", houston)
                .contentType(MediaType.APPLICATION_JSON).content("{\"facility\":\"Dallas\"}"));

        assertThat(stored()).as("nothing copied").isEqualTo(before);
        mvc.perform(put("/api/rentals/-clone").param("eq-make", "Honda").param("cursor", houston)
                .contentType(MediaType.APPLICATION_JSON).content("{ \"facility\" : \"Houston\" }"))
                .andExpect(status().isOk());
    }

    private void refused(org.springframework.test.web.servlet.RequestBuilder request) throws Exception {
        mvc.perform(request).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.type").value(RestProblemAdvice.TYPE_PREFIX + "invalid-cursor"))
                .andExpect(jsonPath("$.parameter").value("cursor"))
                .andExpect(jsonPath("$.detail", containsString("cannot resume this mass operation")));
    }

    private static String cursorOf(String massResult) {
        return JsonPath.read(massResult, "$.cursor");
    }

    private List<Map<String, AttributeValue>> stored() {
        List<Map<String, AttributeValue>> rows = new ArrayList<>(client.scan(request -> request
                .tableName(rentalsTable).consistentRead(true)).items());
        rows.sort(Comparator.comparing(row -> row.get("state").s() + "/" + row.get("_sk").s()));
        return rows;
    }
}
